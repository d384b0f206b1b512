//! Data-entry help: what a person typed that is close to a number or a date
//! cloudvet reads, and what to write instead — a decimal comma (`21,50` →
//! `21.50`), a number with its currency or unit (`21.50 EUR`, `80 GB` → the
//! number alone), a German, American or other non-ISO date (`20.11.2026`,
//! `11/20/2026` → `2026-11-20`). Used by the schema step's messages and by
//! `--as-of`; the texts are the catalogue's (`entry_*`).

use chrono::NaiveDate;

use crate::diag::Msg;

/// A number written with a decimal comma (`21,50`, `1.234,56`), as cloudvet
/// reads it (`21.50`, `1234.56`); `None` for anything else.
pub fn decimal_comma(s: &str) -> Option<String> {
    let t = s.trim();
    let (sign, body) = match t.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", t),
    };
    let (int, frac) = body.split_once(',')?;
    if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) || frac.contains(',') {
        return None;
    }
    // The integer part: digits, or digits grouped by dots in threes (`1.234`).
    let groups: Vec<&str> = int.split('.').collect();
    let plain = groups.len() == 1 && !int.is_empty() && int.bytes().all(|b| b.is_ascii_digit());
    let grouped = groups.len() > 1
        && (1..=3).contains(&groups[0].len())
        && groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()))
        && groups[1..].iter().all(|g| g.len() == 3);
    (plain || grouped).then(|| format!("{sign}{}.{frac}", groups.concat()))
}

/// A plain decimal number as cloudvet reads it: digits with an optional point
/// (`21.50`, `80`), or with a decimal comma (converted).
fn number(s: &str) -> Option<String> {
    let t = s.trim();
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    let body = t.strip_prefix('-').unwrap_or(t);
    let ok = match body.split_once('.') {
        Some((a, b)) => digits(a) && digits(b),
        None => digits(body),
    };
    if ok {
        Some(t.to_string())
    } else {
        decimal_comma(t)
    }
}

/// What a unit written beside a number is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    /// A currency (`EUR`, `€`, `USD`, `$`): it belongs in the `currency` field.
    Currency(String),
    /// A percent sign: the field is in percent already.
    Percent,
    /// Another unit (`GB`, `h`, `TB`): the field's name or documentation fixes it.
    Other(String),
}

/// A number written with a currency or unit (`21.50 EUR`, `€21,50`, `80 GB`,
/// `99.9 %`): the number as cloudvet reads it and the unit.
pub fn number_with_unit(s: &str) -> Option<(String, Unit)> {
    let t = s.trim();
    const SYMBOLS: &[(&str, &str)] = &[("€", "EUR"), ("$", "USD"), ("£", "GBP")];
    for (sym, code) in SYMBOLS {
        if let Some(rest) = t.strip_prefix(sym).or_else(|| t.strip_suffix(sym)) {
            return number(rest).map(|n| (n, Unit::Currency(code.to_string())));
        }
    }
    if let Some(rest) = t.strip_suffix('%') {
        return number(rest).map(|n| (n, Unit::Percent));
    }
    // A number, then letters (with or without a space: `80 GB`, `21.50 EUR`), or
    // a currency code, then a number (`EUR 21.50`).
    let (num, unit, unit_first) = match t.find(|c: char| c.is_alphabetic()) {
        Some(i) if i > 0 => (&t[..i], &t[i..], false),
        _ => {
            let i = t.find(|c: char| c.is_ascii_digit()).filter(|i| *i > 0)?;
            (&t[i..], &t[..i], true)
        }
    };
    let (num, unit) = (num.trim(), unit.trim());
    if unit.is_empty() || unit.len() > 8 || !unit.chars().all(|c| c.is_alphabetic()) {
        return None;
    }
    let n = number(num)?;
    let upper = unit.to_uppercase();
    if crate::model::codes::is_currency(&upper) {
        Some((n, Unit::Currency(upper)))
    } else if unit_first {
        // `H100`, `about 3`: a name or a word, not a number with its unit.
        None
    } else {
        Some((n, Unit::Other(unit.to_string())))
    }
}

/// How to write a number that was typed as text (`21,50`, `"21.50 EUR"`), for
/// the field at `pointer`; `None` when the text is not close to a number.
pub fn number_hint(text: &str, pointer: &str) -> Option<Msg> {
    if let Some(n) = decimal_comma(text) {
        return Some(Msg::new("entry_decimal_point", &[("value", &n)]));
    }
    let (n, unit) = number_with_unit(text)?;
    let field = pointer.rsplit('/').next().unwrap_or_default();
    Some(match unit {
        Unit::Currency(c) => Msg::new(
            "entry_number_alone_currency",
            &[("value", &n), ("currency", &c)],
        ),
        Unit::Percent => Msg::new("entry_number_alone_percent", &[("value", &n)]),
        Unit::Other(u) if field.to_lowercase().ends_with(&u.to_lowercase()) => Msg::new(
            "entry_number_alone_field_unit",
            &[("value", &n), ("unit", &u), ("field", field)],
        ),
        Unit::Other(u) => Msg::new("entry_number_alone_unit", &[("value", &n), ("unit", &u)]),
    })
}

/// A date written in another form than ISO 8601: the ISO dates it can mean
/// (one, or two when day and month cannot be told apart, day first).
pub fn iso_dates(s: &str) -> Vec<NaiveDate> {
    let t = s.trim().trim_end_matches('.');
    let parts: Vec<&str> = t
        .split(['.', '/', '-', ' '])
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() != 3 || !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())) {
        return Vec::new();
    }
    let num = |p: &str| p.parse::<u32>().ok();
    let (Some(a), Some(b), Some(c)) = (num(parts[0]), num(parts[1]), num(parts[2])) else {
        return Vec::new();
    };
    let year = |y: u32, digits: usize| match digits {
        4 => i32::try_from(y).ok(),
        2 => i32::try_from(2000 + y).ok(),
        _ => None,
    };
    let date = |y: Option<i32>, m: u32, d: u32| y.and_then(|y| NaiveDate::from_ymd_opt(y, m, d));
    // Year first: 2026/11/20, 2026.11.20 (not ISO only by its separator).
    if parts[0].len() == 4 {
        return date(year(a, 4), b, c).into_iter().collect();
    }
    let y = year(c, parts[2].len());
    let dotted = t.contains('.');
    let slashed = t.contains('/');
    // German (and most of Europe): day first, with dots.
    if dotted && !slashed {
        return date(y, b, a).into_iter().collect();
    }
    // Slashes or hyphens: day first (Europe) or month first (US); when only one
    // reading is a date, that one.
    let day_first = date(y, b, a);
    let month_first = date(y, a, b);
    match (day_first, month_first) {
        (Some(x), Some(z)) if x == z => vec![x],
        (Some(x), Some(z)) => vec![x, z],
        (Some(x), None) | (None, Some(x)) => vec![x],
        (None, None) => Vec::new(),
    }
}

/// How to write a date typed in another form (`20.11.2026`): "use the ISO form:
/// 2026-11-20", or both readings when the form does not settle day and month.
pub fn date_hint(text: &str) -> Option<Msg> {
    let iso = |d: &NaiveDate| d.format("%Y-%m-%d").to_string();
    match iso_dates(text).as_slice() {
        [one] => Some(Msg::new("entry_iso_date", &[("iso", &iso(one))])),
        [day_first, month_first] => Some(Msg::new(
            "entry_iso_date_either",
            &[
                ("day_first", &iso(day_first)),
                ("month_first", &iso(month_first)),
            ],
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn decimal_commas() {
        assert_eq!(decimal_comma("21,50").as_deref(), Some("21.50"));
        assert_eq!(decimal_comma("-0,5").as_deref(), Some("-0.5"));
        assert_eq!(decimal_comma("1.234,56").as_deref(), Some("1234.56"));
        assert_eq!(decimal_comma("12.34,5"), None);
        assert_eq!(decimal_comma("21.50"), None);
        assert_eq!(decimal_comma("a,b"), None);
        assert_eq!(decimal_comma("1,2,3"), None);
    }

    #[test]
    fn numbers_with_units() {
        let cur = |c: &str| Unit::Currency(c.into());
        assert_eq!(
            number_with_unit("21.50 EUR"),
            Some(("21.50".into(), cur("EUR")))
        );
        assert_eq!(
            number_with_unit("21,50 €"),
            Some(("21.50".into(), cur("EUR")))
        );
        assert_eq!(number_with_unit("$2.99"), Some(("2.99".into(), cur("USD"))));
        assert_eq!(number_with_unit("EUR 3"), Some(("3".into(), cur("EUR"))));
        assert_eq!(
            number_with_unit("80 GB"),
            Some(("80".into(), Unit::Other("GB".into())))
        );
        assert_eq!(
            number_with_unit("80GB"),
            Some(("80".into(), Unit::Other("GB".into())))
        );
        assert_eq!(
            number_with_unit("99.9 %"),
            Some(("99.9".into(), Unit::Percent))
        );
        assert_eq!(number_with_unit("H100"), None);
        assert_eq!(number_with_unit("about 3"), None);
        assert_eq!(number_with_unit("EUR"), None);
    }

    #[test]
    fn number_hints_in_both_languages() {
        let h = number_hint("21,50", "/offers/0/price_on_demand").unwrap();
        assert_eq!(h.render(Lang::En), "use a decimal point: 21.50");
        assert_eq!(
            h.render(Lang::De),
            "verwenden Sie einen Dezimalpunkt: 21.50"
        );
        let h = number_hint("21.50 EUR", "/offers/0/price_on_demand").unwrap();
        assert_eq!(
            h.render(Lang::En),
            "write the number alone: 21.50; the currency (EUR) goes in `currency`"
        );
        let h = number_hint("80 GB", "/gpu/vram_gb").unwrap();
        assert!(
            h.render(Lang::En).contains("`vram_gb`"),
            "{}",
            h.render(Lang::En)
        );
        assert!(number_hint("fast", "/x").is_none());
    }

    #[test]
    fn non_iso_dates() {
        let d = |s: &str| {
            iso_dates(s)
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(d("20.11.2026"), ["2026-11-20"]);
        assert_eq!(d("01.12.2026"), ["2026-12-01"]);
        assert_eq!(d("1.12.2026"), ["2026-12-01"]);
        assert_eq!(d("20.11.26"), ["2026-11-20"]);
        assert_eq!(d("11/20/2026"), ["2026-11-20"]);
        assert_eq!(d("20/11/2026"), ["2026-11-20"]);
        assert_eq!(d("05/06/2026"), ["2026-06-05", "2026-05-06"]);
        assert_eq!(d("2026/11/20"), ["2026-11-20"]);
        assert_eq!(d("31.02.2026"), Vec::<String>::new());
        assert_eq!(d("2026-11"), Vec::<String>::new());
        let h = date_hint("20.11.2026").unwrap();
        assert_eq!(h.render(Lang::En), "use the ISO form: 2026-11-20");
        assert_eq!(h.render(Lang::De), "verwenden Sie die ISO-Form: 2026-11-20");
    }
}
