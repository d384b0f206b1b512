//! The output layer's escaping: one function per format, used by every command.
//!
//! - HTML: tera's autoescaping (templates) and [`html`] for the few pages built
//!   in code.
//! - Markdown: [`markdown`].
//! - CSV: [`Csv`], written by the `csv` crate, with the spreadsheet formula
//!   guard [`csv_guard`] on every text cell.
//! - Terminal: [`terminal`], so a vendor's name cannot move the cursor, clear
//!   the screen or ring the bell.
//!
//! Nothing else in the crate escapes by hand.

/// Escapes text for Markdown: backslash before every character that could
/// start markup (CommonMark allows escaping any ASCII punctuation), line breaks
/// become spaces so a value cannot end a table row or start a block.
pub fn markdown(input: &str) -> String {
    let mut out = String::with_capacity(input.len() + 8);
    for (i, c) in input.chars().enumerate() {
        match c {
            // `(` and `)` need no escape: a link cannot form once `[`/`]` are escaped.
            '\\' | '`' | '*' | '_' | '{' | '}' | '[' | ']' | '<' | '>' | '#' | '!' | '|' | '~'
            | '&' | '=' => {
                out.push('\\');
                out.push(c);
            }
            // A leading `-` or `+` would start a list item.
            '-' | '+' if i == 0 => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c if is_hidden_control(c) => push_visible(&mut out, c),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes text for HTML element content and attribute values.
pub fn html(input: &str) -> String {
    let mut out = String::with_capacity(input.len() + 8);
    for c in input.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_hidden_control(c) => push_visible(&mut out, c),
            _ => out.push(c),
        }
    }
    out
}

/// Text for the terminal: control characters (C0 except tab and newline, DEL,
/// C1) and bidirectional overrides are shown as `\u{..}` instead of being
/// sent to the terminal, where they could rewrite what the reader sees.
pub fn terminal(input: &str) -> String {
    if !input.chars().any(is_hidden_control) {
        return input.to_string();
    }
    let mut out = String::with_capacity(input.len() + 8);
    for c in input.chars() {
        if is_hidden_control(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// A character that changes how text is displayed rather than being text:
/// C0 controls but tab, newline and carriage return; DEL; C1 controls; the
/// bidirectional embeddings, overrides and isolates.
pub fn is_hidden_control(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn push_visible(out: &mut String, c: char) {
    out.push_str(&format!("\\u{{{:x}}}", c as u32));
}

/// Defuses a text cell that a spreadsheet would run as a formula (it starts with
/// `=`, `+`, `-`, `@`, a tab or a carriage return) by putting `'` in front.
pub fn csv_guard(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

/// One cell of a CSV row: text gets the formula guard; numbers (written by us,
/// `-12.5` included) do not.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell<'a> {
    Text(&'a str),
    Num(String),
}

impl<'a> From<&'a str> for Cell<'a> {
    fn from(s: &'a str) -> Self {
        Cell::Text(s)
    }
}

impl<'a> From<&'a String> for Cell<'a> {
    fn from(s: &'a String) -> Self {
        Cell::Text(s)
    }
}

impl Cell<'_> {
    /// A number or other machine value, written as it is.
    pub fn num(v: impl ToString) -> Cell<'static> {
        Cell::Num(v.to_string())
    }

    /// An optional machine value; empty when absent.
    pub fn opt(v: Option<impl ToString>) -> Cell<'static> {
        Cell::Num(v.map(|x| x.to_string()).unwrap_or_default())
    }
}

/// A CSV document written by the `csv` crate (RFC 4180 quoting, CRLF line ends),
/// with the formula guard on every text cell. Every CSV any command writes goes
/// through it.
pub struct Csv {
    writer: csv::Writer<Vec<u8>>,
}

impl Default for Csv {
    fn default() -> Self {
        Csv::new()
    }
}

impl Csv {
    pub fn new() -> Csv {
        Csv {
            writer: csv::WriterBuilder::new()
                .terminator(csv::Terminator::CRLF)
                .flexible(true)
                .from_writer(Vec::new()),
        }
    }

    /// The same with LF line ends (for outputs that always had them: `assess --format csv`).
    pub fn lf() -> Csv {
        Csv {
            writer: csv::WriterBuilder::new()
                .terminator(csv::Terminator::Any(b'\n'))
                .flexible(true)
                .from_writer(Vec::new()),
        }
    }

    /// A header row (column names are ours: no guard needed, but it does no harm).
    pub fn header(&mut self, names: &[&str]) -> &mut Csv {
        let cells: Vec<Cell<'_>> = names.iter().map(|n| Cell::Text(n)).collect();
        self.row(&cells)
    }

    /// One row.
    pub fn row(&mut self, cells: &[Cell<'_>]) -> &mut Csv {
        let fields: Vec<std::borrow::Cow<'_, str>> = cells
            .iter()
            .map(|c| match c {
                Cell::Text(s) => match csv_guard(s) {
                    // Control characters from inputs are shown visibly in a
                    // cell, as on the terminal: a spreadsheet would pass an
                    // escape sequence or a bidi override on to whoever reads it.
                    c if c.chars().any(is_hidden_control) => std::borrow::Cow::Owned(terminal(&c)),
                    c => c,
                },
                Cell::Num(n) => std::borrow::Cow::Borrowed(n.as_str()),
            })
            .collect();
        // Writing into a Vec cannot fail for I/O reasons; a record error would
        // be a bug in the csv crate, and the row is then left out visibly.
        let _ = self
            .writer
            .write_record(fields.iter().map(|f| f.as_bytes()));
        self
    }

    /// The document as text.
    pub fn finish(self) -> String {
        let bytes = self.writer.into_inner().unwrap_or_default();
        String::from_utf8(bytes).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_neutralises_links_html_and_blocks() {
        let s = markdown("[click me](https://evil.example) <img src=x> # h\n- item");
        assert!(!s.replace("\\]", "").contains("]("));
        assert!(s.contains("\\<img") && !s.replace("\\<", "").contains("<img"));
        assert!(!s.contains('\n'));
        assert_eq!(markdown("-x"), "\\-x");
    }

    #[test]
    fn terminal_shows_controls_instead_of_sending_them() {
        assert_eq!(terminal("a\u{1b}[2Jb\u{7}"), "a\\u{1b}[2Jb\\u{7}");
        assert_eq!(terminal("tab\tok\n"), "tab\tok\n");
        assert_eq!(terminal("x\u{202e}y"), "x\\u{202e}y");
        assert_eq!(
            terminal("gpufactory Ünïcødé 日本"),
            "gpufactory Ünïcødé 日本"
        );
    }

    #[test]
    fn csv_guards_formulas_and_quotes() {
        let mut c = Csv::new();
        c.header(&["a", "b", "c"]);
        c.row(&[
            Cell::Text("=HYPERLINK(\"x\")"),
            Cell::Text("plain, with comma"),
            Cell::num(-12.5),
        ]);
        c.row(&[
            Cell::Text("@SUM(A1)"),
            Cell::Text("line\nbreak"),
            Cell::opt(None::<u8>),
        ]);
        assert_eq!(
            c.finish(),
            "a,b,c\r\n\"'=HYPERLINK(\"\"x\"\")\",\"plain, with comma\",-12.5\r\n'@SUM(A1),\"line\nbreak\",\r\n"
        );
    }

    #[test]
    fn csv_cells_show_controls_visibly() {
        let mut c = Csv::new();
        c.row(&[
            Cell::Text("Evil\u{1b}[31m\u{7}\u{0}"),
            Cell::Text("x\u{202e}exe.pdf\u{85}"),
            Cell::Text("tab\tkept"),
        ]);
        assert_eq!(
            c.finish(),
            "Evil\\u{1b}[31m\\u{7}\\u{0},x\\u{202e}exe.pdf\\u{85},tab\tkept\r\n"
        );
    }

    #[test]
    fn html_escapes_markup() {
        assert_eq!(html("<b a=\"1\">&'"), "&lt;b a=&quot;1&quot;&gt;&amp;&#39;");
    }
}
