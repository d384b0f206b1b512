//! A small RFC 4180 CSV reader and writer: quoted fields, doubled quotes, line
//! breaks inside quotes. Enough for the benchmark tables and the CSV output; no
//! dependency needed for it.

use std::borrow::Cow;

/// Splits CSV text into records of fields. Returns the 1-based line of the first
/// problem when a quoted field is not closed. Fields borrow from `text` unless they are
/// quoted or hold a carriage return (the shipped tables have 50 000 fields: one allocation
/// each was a third of reading them).
pub fn parse(text: &str) -> Result<Vec<Vec<Cow<'_, str>>>, usize> {
    let bytes = text.as_bytes();
    let mut records = Vec::new();
    let mut record = Vec::new();
    // The current field is text[start..i]; `plain` while it has no quote and no CR.
    let mut start = 0usize;
    let mut plain = true;
    let mut in_quotes = false;
    let mut line = 1usize;
    let mut quote_line = 0usize;
    let mut any = false;
    let mut i = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        any = true;
        if in_quotes {
            match c {
                b'"' if bytes.get(i + 1) == Some(&b'"') => i += 1,
                b'"' => in_quotes = false,
                b'\n' => line += 1,
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                in_quotes = true;
                quote_line = line;
                plain = false;
            }
            b',' => {
                record.push(field_text(&text[start..i], plain));
                start = i + 1;
                plain = true;
            }
            b'\r' => plain = false,
            b'\n' => {
                line += 1;
                record.push(field_text(&text[start..i], plain));
                records.push(std::mem::take(&mut record));
                start = i + 1;
                plain = true;
                any = false;
            }
            _ => {}
        }
        i += 1;
    }
    if in_quotes {
        return Err(quote_line);
    }
    if any {
        record.push(field_text(&text[start..], plain));
        records.push(record);
    }
    Ok(records)
}

/// A field's value from its raw text: as it is, or without its quotes (`""` is one quote)
/// and without carriage returns outside quotes.
fn field_text(raw: &str, plain: bool) -> Cow<'_, str> {
    if plain {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut in_quotes = false;
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match (in_quotes, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                out.push('"');
            }
            (_, '"') => in_quotes = !in_quotes,
            (false, '\r') => {}
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Quotes a field when it needs it.
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV line from fields, ending in `\n`.
pub fn line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut out = fields
        .iter()
        .map(|f| field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_round_trip() {
        let text = "a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,,\"two\nlines\"\n";
        let r = parse(text).unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(r[1], vec!["1", "x, y", "say \"hi\""]);
        assert_eq!(r[2], vec!["2", "", "two\nlines"]);
        assert_eq!(
            line(&["x, y", "say \"hi\""]),
            "\"x, y\",\"say \"\"hi\"\"\"\n"
        );
        assert_eq!(parse("a,\"open\n").unwrap_err(), 1);
        // CRLF line ends, a CR inside quotes kept, a quote inside an unquoted field.
        let r = parse("a,b\r\n\"x\ry\",q\"u,o\"te\r\nlast").unwrap();
        assert_eq!(
            r,
            vec![vec!["a", "b"], vec!["x\ry", "qu,ote"], vec!["last"]]
        );
        assert!(matches!(r[0][0], Cow::Borrowed(_)));
    }
}
