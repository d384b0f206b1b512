//! Languages: one translation table for every fixed text a person reads, and
//! number, money, percentage and date formatting per language.
//!
//! Formats (documented in docs/templates.md):
//! - German: `1.234,56 €`, `85 %`, `30.11.2026` (no-break space before € and %).
//! - English: `€1,234.56`, `85%`, `30 Nov 2026` (day, short month, year: unambiguous
//!   on both sides of the Atlantic).
//!
//! Rule texts (titles, reasons, questions) come from the rule packs in the
//! chosen language; this table only holds the report's own words.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

/// No-break space: keeps `1.234,56 €` and `85 %` on one line.
pub const NBSP: char = '\u{a0}';

/// A language the report can be written in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    De,
    #[default]
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` that is set and not empty decides (`de`, `de_DE.UTF-8`, … are
    /// German); anything else, or nothing, is English.
    pub fn from_env() -> Lang {
        let var = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.is_empty());
        Lang::from_locale(var.as_deref().unwrap_or(""))
    }

    /// The language of a POSIX locale name (`de_DE.UTF-8` → German; `C`, `en_GB` → English).
    pub fn from_locale(locale: &str) -> Lang {
        if locale
            .get(..2)
            .is_some_and(|p| p.eq_ignore_ascii_case("de"))
        {
            Lang::De
        } else {
            Lang::En
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "de" => Ok(Lang::De),
            "en" => Ok(Lang::En),
            other => Err(format!("unknown language `{other}` (expected de or en)")),
        }
    }
}

mod chart;
mod checks;
pub mod citations;
mod cli;
mod commands;
mod cost;
mod cost_advice;
mod cost_why;
mod decision;
mod diag;
mod diff;
mod dpa;
mod editions;
pub mod fields;
mod help;
mod import;
mod init;
mod project;
mod questionnaire;
mod report;
mod seal;
mod suggest;
mod values;
mod why;

/// The one message catalogue: every fixed text of every command, English and
/// German, as (key, English, German). It is kept in one table per area
/// (`i18n/report.rs`, `i18n/cost.rs`, `i18n/cli.rs`, `i18n/diag.rs`,
/// `i18n/commands.rs`) only so the
/// files stay readable; keys are unique across all of them (a test checks), and
/// every lookup goes through [`t`].
pub const TABLES: &[&[(&str, &str, &str)]] = &[
    report::TABLE,
    checks::TABLE,
    help::TABLE,
    editions::TABLE,
    citations::TABLE,
    cost::TABLE,
    cost_advice::TABLE,
    cost_why::TABLE,
    cli::TABLE,
    diag::TABLE,
    decision::TABLE,
    seal::TABLE,
    import::TABLE,
    project::TABLE,
    commands::TABLE,
    suggest::TABLE,
    dpa::TABLE,
    init::TABLE,
    diff::TABLE,
    values::TABLE,
    why::TABLE,
    questionnaire::TABLE,
    chart::TABLE,
];

/// Every entry of the catalogue.
pub fn entries() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    TABLES.iter().flat_map(|t| t.iter())
}

fn index() -> &'static HashMap<&'static str, (&'static str, &'static str)> {
    static INDEX: OnceLock<HashMap<&'static str, (&'static str, &'static str)>> = OnceLock::new();
    INDEX.get_or_init(|| entries().map(|(k, en, de)| (*k, (*en, *de))).collect())
}

/// The fixed text for `key` in `lang`; the key itself if it is not in the table
/// (a test makes sure every key the code uses exists).
pub fn t(lang: Lang, key: &str) -> &'static str {
    match index().get(key) {
        Some((en, de)) => match lang {
            Lang::En => en,
            Lang::De => de,
        },
        None => "",
    }
}

/// The whole table for one language, for templates (`labels.<key>`).
///
/// Only the report's and the cost comparison's words: the terminal's and the
/// diagnostics' texts are not part of the report model.
pub fn labels(lang: Lang) -> BTreeMap<String, String> {
    [
        report::TABLE,
        editions::TABLE,
        cost::TABLE,
        decision::TABLE,
        seal::TABLE,
        citations::TABLE,
    ]
    .iter()
    .flat_map(|t| t.iter())
    .map(|(k, en, de)| {
        let v = match lang {
            Lang::En => en,
            Lang::De => de,
        };
        (k.to_string(), v.to_string())
    })
    .collect()
}

/// The text for `key` with `{name}` placeholders filled in.
///
/// One pass over the text: a value that itself contains `{x}` is copied as it
/// is, never filled again, and nothing but a placeholder is ever replaced (no
/// translation by string replacement).
pub fn fill(lang: Lang, key: &str, values: &[(&str, &str)]) -> String {
    fill_text(t(lang, key), values)
}

/// [`fill`] for a text at hand.
pub fn fill_text(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_end = after.find('}');
        match name_end.and_then(|e| {
            values
                .iter()
                .find(|(n, _)| *n == &after[..e])
                .map(|v| (e, v.1))
        }) {
            Some((e, value)) => {
                out.push_str(value);
                rest = &after[e + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The label of an enum value of the data (`specific` → `spezifisch`), from
/// the `value_<token>` entries of the catalogue; a value without one (a name, a
/// number, a list) is returned as it is.
pub fn value_label(lang: Lang, token: &str) -> std::borrow::Cow<'_, str> {
    if !token.is_empty()
        && token
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        let w = t(lang, &format!("value_{token}"));
        if !w.is_empty() {
            return std::borrow::Cow::Borrowed(w);
        }
    }
    std::borrow::Cow::Borrowed(token)
}

/// "Page {x} of {y}" with the numbers filled in.
pub fn page_x_of_y(lang: Lang, x: usize, y: usize) -> String {
    t(lang, "page_x_of_y")
        .replace("{x}", &x.to_string())
        .replace("{y}", &y.to_string())
}

const MONTHS_EN: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A calendar date: `30.11.2026` (de) or `30 Nov 2026` (en).
pub fn date(lang: Lang, d: NaiveDate) -> String {
    match lang {
        Lang::De => format!("{:02}.{:02}.{:04}", d.day(), d.month(), d.year()),
        Lang::En => format!(
            "{} {} {:04}",
            d.day(),
            MONTHS_EN[(d.month0() as usize).min(11)],
            d.year()
        ),
    }
}

/// A date as precise as its source (`2026`, `2026-05`, `2026-05-26`).
pub fn as_of(lang: Lang, a: &crate::model::AsOf) -> String {
    match (a.month, a.day) {
        (Some(_), Some(_)) => date(lang, a.earliest()),
        (Some(m), None) => match lang {
            Lang::De => format!("{:02}/{:04}", m, a.year),
            Lang::En => format!(
                "{} {:04}",
                MONTHS_EN[(m.saturating_sub(1) as usize).min(11)],
                a.year
            ),
        },
        _ => format!("{:04}", a.year),
    }
}

/// A decimal number with `places` decimals, rounded half away from zero, with
/// thousands grouping: `1.234,56` (de) or `1,234.56` (en).
pub fn number(lang: Lang, value: Decimal, places: u32) -> String {
    let rounded = value.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    let negative = rounded.is_sign_negative() && !rounded.is_zero();
    let text = rounded.abs().to_string();
    let (int_part, frac_part) = match text.split_once('.') {
        Some((i, f)) => (i.to_string(), f.to_string()),
        None => (text.clone(), String::new()),
    };
    let mut frac = frac_part;
    while (frac.len() as u32) < places {
        frac.push('0');
    }
    frac.truncate(places as usize);
    let (group, dec) = match lang {
        Lang::De => ('.', ','),
        Lang::En => (',', '.'),
    };
    let mut grouped = String::new();
    let digits: Vec<char> = int_part.chars().collect();
    for (i, c) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(group);
        }
        grouped.push(*c);
    }
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&grouped);
    if places > 0 {
        out.push(dec);
        out.push_str(&frac);
    }
    out
}

/// A float (scores, percentages) through its shortest decimal text, then `number`.
pub fn number_f64(lang: Lang, value: f64, places: u32) -> String {
    if !value.is_finite() {
        return "–".to_string();
    }
    let d = Decimal::from_str(&format!("{value}"))
        .or_else(|_| Decimal::from_scientific(&format!("{value:e}")))
        .unwrap_or_default();
    number(lang, d, places)
}

/// A money amount with two decimals: `1.234,56 €` (de) or `€1,234.56` (en).
/// Other currencies: `1.234,56 USD` (de), `$1,234.56` / `CHF 1,234.56` (en).
pub fn money(lang: Lang, value: Decimal, currency: &str) -> String {
    money_places(lang, value, currency, 2)
}

/// A money amount with `places` decimals (0 for chart axes and large sums).
pub fn money_places(lang: Lang, value: Decimal, currency: &str, places: u32) -> String {
    let r = value.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    let neg = if r.is_sign_negative() && !r.is_zero() {
        "-"
    } else {
        ""
    };
    let n = number(lang, r.abs(), places);
    match lang {
        Lang::De => {
            let sym = if currency == "EUR" { "€" } else { currency };
            format!("{neg}{n}{NBSP}{sym}")
        }
        Lang::En => match currency {
            "EUR" => format!("{neg}€{n}"),
            "USD" => format!("{neg}${n}"),
            "GBP" => format!("{neg}£{n}"),
            other => format!("{neg}{other}{NBSP}{n}"),
        },
    }
}

/// A percentage: `85 %` (de) or `85%` (en). `value` is already in percent.
pub fn percent(lang: Lang, value: f64, places: u32) -> String {
    let n = number_f64(lang, value, places);
    match lang {
        Lang::De => format!("{n}{NBSP}%"),
        Lang::En => format!("{n}%"),
    }
}

/// A float with `places` decimals as the standard formatter rounds it
/// (`{:.1}`), with the language's decimal separator and no grouping: for
/// terminal tables of scores (0–100), where English output must stay as it was.
pub fn fixed(lang: Lang, value: f64, places: usize) -> String {
    let s = format!("{value:.places$}");
    match lang {
        Lang::De => s.replacen('.', ",", 1),
        Lang::En => s,
    }
}

/// [`fixed`] as a percentage: `96 %` (de) or `96%` (en).
pub fn percent_fixed(lang: Lang, value: f64, places: usize) -> String {
    let n = fixed(lang, value, places);
    match lang {
        Lang::De => format!("{n}{NBSP}%"),
        Lang::En => format!("{n}%"),
    }
}

/// [`fixed`] as a percentage with a space before the sign in both languages:
/// `12.5 %` (en, as `cloudvet diff` has always written it) or `12,5 %` (de,
/// no-break space).
pub fn percent_spaced(lang: Lang, value: f64, places: usize) -> String {
    let n = fixed(lang, value, places);
    match lang {
        Lang::De => format!("{n}{NBSP}%"),
        Lang::En => format!("{n} %"),
    }
}

/// A plain number text (`26.4`, as JSON writes it) with the language's decimal
/// separator: `26,4` (de).
pub fn decimal_point(lang: Lang, text: &str) -> String {
    match lang {
        Lang::De => text.replacen('.', ",", 1),
        Lang::En => text.to_string(),
    }
}

/// A percentage in the float's shortest text (`45.5%` / `45,5 %`).
pub fn percent_plain(lang: Lang, value: f64) -> String {
    let s = format!("{value}");
    match lang {
        Lang::De => format!("{}{NBSP}%", s.replacen('.', ",", 1)),
        Lang::En => format!("{s}%"),
    }
}

/// Hours: `12,5 h` (de) or `12.5 h` (en).
pub fn hours(lang: Lang, value: f64) -> String {
    let places = if value.abs() >= 100.0 { 0 } else { 1 };
    format!("{}{NBSP}h", number_f64(lang, value, places))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn german_money_and_numbers() {
        assert_eq!(money(Lang::De, d("1234.56"), "EUR"), "1.234,56\u{a0}€");
        assert_eq!(
            money(Lang::De, d("1234567.5"), "EUR"),
            "1.234.567,50\u{a0}€"
        );
        assert_eq!(money(Lang::De, d("0.005"), "EUR"), "0,01\u{a0}€");
        assert_eq!(money(Lang::De, d("-12"), "USD"), "-12,00\u{a0}USD");
        assert_eq!(number(Lang::De, d("999.999"), 2), "1.000,00");
        assert_eq!(percent(Lang::De, 85.0, 0), "85\u{a0}%");
    }

    #[test]
    fn english_money_and_numbers() {
        assert_eq!(money(Lang::En, d("1234.56"), "EUR"), "€1,234.56");
        assert_eq!(money(Lang::En, d("1234.565"), "USD"), "$1,234.57");
        assert_eq!(money(Lang::En, d("100"), "CHF"), "CHF\u{a0}100.00");
        assert_eq!(money(Lang::En, d("-0.001"), "EUR"), "€0.00");
        assert_eq!(money_places(Lang::En, d("12345.6"), "EUR", 0), "€12,346");
        assert_eq!(number(Lang::En, d("123"), 0), "123");
        assert_eq!(number(Lang::En, d("123456"), 0), "123,456");
        assert_eq!(percent(Lang::En, 12.345, 1), "12.3%");
        assert_eq!(hours(Lang::En, 12.25), "12.3\u{a0}h");
    }

    #[test]
    fn dates_per_language() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        assert_eq!(date(Lang::De, day), "30.11.2026");
        assert_eq!(date(Lang::En, day), "30 Nov 2026");
        let jan = NaiveDate::from_ymd_opt(2027, 1, 5).unwrap();
        assert_eq!(date(Lang::De, jan), "05.01.2027");
        assert_eq!(date(Lang::En, jan), "5 Jan 2027");
        let month: crate::model::AsOf = "2026-05".parse().unwrap();
        assert_eq!(as_of(Lang::De, &month), "05/2026");
        assert_eq!(as_of(Lang::En, &month), "May 2026");
    }

    #[test]
    fn table_is_complete_and_keys_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for (k, en, de) in entries() {
            assert!(seen.insert(*k), "duplicate key {k}");
            assert!(!en.trim().is_empty(), "{k}: English text missing");
            assert!(!de.trim().is_empty(), "{k}: German text missing");
            assert!(
                k.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{k}: keys are snake_case"
            );
        }
        assert_eq!(page_x_of_y(Lang::De, 2, 9), "Seite 2 von 9");
        assert_eq!(page_x_of_y(Lang::En, 2, 9), "Page 2 of 9");
        assert_eq!(t(Lang::De, "no-such-key"), "");
    }

    #[test]
    fn fill_replaces_placeholders_once() {
        assert_eq!(
            fill_text("{a} at {b}", &[("a", "{b}"), ("b", "x")]),
            "{b} at x"
        );
        assert_eq!(fill_text("{unknown} {", &[("a", "1")]), "{unknown} {");
        assert_eq!(fill_text("gpufactory {n}", &[("n", "2")]), "gpufactory 2");
    }
}
