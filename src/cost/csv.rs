//! A small RFC 4180 CSV reader and writer: quoted fields, doubled quotes, line
//! breaks inside quotes. Enough for the benchmark tables and the CSV output; no
//! dependency needed for it.

/// Splits CSV text into records of fields. Returns the 1-based line of the first
/// problem when a quoted field is not closed.
pub fn parse(text: &str) -> Result<Vec<Vec<String>>, usize> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut line = 1usize;
    let mut quote_line = 0usize;
    let mut chars = text.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' => {
                in_quotes = true;
                quote_line = line;
            }
            ',' => record.push(std::mem::take(&mut field)),
            '\r' => {}
            '\n' => {
                line += 1;
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                any = false;
            }
            _ => field.push(c),
        }
    }
    if in_quotes {
        return Err(quote_line);
    }
    if any {
        record.push(field);
        records.push(record);
    }
    Ok(records)
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
    }
}
