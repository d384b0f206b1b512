//! Building the `Report` from the pipeline's results. `Texts` turns exact values
//! into the model's value-and-text pairs in the report's language.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use sha2::{Digest, Sha256};

use super::{DateValue, Figure, InputRow, Money, MoneyRange};
use crate::i18n::{self, Lang};
use crate::model::{Amount, AsOf};

/// Formats values for one language.
#[derive(Debug, Clone, Copy)]
pub struct Texts {
    pub lang: Lang,
}

impl Texts {
    pub fn new(lang: Lang) -> Self {
        Texts { lang }
    }

    /// A fixed text from the translation table.
    pub fn label(&self, key: &str) -> String {
        i18n::t(self.lang, key).to_string()
    }

    pub fn money(&self, amount: Decimal, currency: &str) -> Money {
        Money {
            amount: Amount(amount),
            currency: currency.to_string(),
            text: i18n::money(self.lang, amount, currency),
        }
    }

    pub fn range(&self, low: Decimal, mid: Decimal, high: Decimal, currency: &str) -> MoneyRange {
        let (low, mid, high) = (
            self.money(low, currency),
            self.money(mid, currency),
            self.money(high, currency),
        );
        // Spaces around the dash let a narrow table cell wrap between the two amounts.
        let text = format!("{} – {}", low.text, high.text);
        MoneyRange {
            low,
            mid,
            high,
            text,
        }
    }

    /// A score 0–100 with one decimal.
    pub fn score(&self, v: f64) -> Figure {
        Figure {
            value: round1(v),
            text: i18n::number_f64(self.lang, v, 1),
        }
    }

    /// A percentage (value already in percent), no decimals.
    pub fn percent(&self, v: f64) -> Figure {
        Figure {
            value: round1(v),
            text: i18n::percent(self.lang, v, 0),
        }
    }

    pub fn hours(&self, v: f64) -> Figure {
        Figure {
            value: round1(v),
            text: i18n::hours(self.lang, v),
        }
    }

    pub fn date(&self, d: NaiveDate) -> DateValue {
        DateValue {
            iso: d.format("%Y-%m-%d").to_string(),
            text: i18n::date(self.lang, d),
        }
    }

    pub fn as_of(&self, a: &AsOf) -> DateValue {
        DateValue {
            iso: a.to_string(),
            text: i18n::as_of(self.lang, a),
        }
    }
}

fn round1(v: f64) -> f64 {
    if v.is_finite() {
        (v * 10.0).round() / 10.0
    } else {
        0.0
    }
}

/// The document ID: the first 16 bytes (32 hex digits) of the SHA-256 over the
/// evaluation date, the language and every input's name and SHA-256, in order.
/// Same inputs, same ID; any changed input, a different one.
pub fn document_id(inputs: &[InputRow], evaluation_date: &str, lang: Lang) -> String {
    let mut h = Sha256::new();
    h.update(b"cloudvet-report\n");
    h.update(evaluation_date.as_bytes());
    h.update(b"\n");
    h.update(lang.code().as_bytes());
    h.update(b"\n");
    for i in inputs {
        h.update(i.file.as_bytes());
        h.update(b"\0");
        h.update(i.sha256.as_bytes());
        h.update(b"\n");
    }
    crate::load::hex(&h.finalize()[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_id_depends_on_every_input() {
        let a = vec![InputRow {
            file: "embedded:providers/a.yaml".into(),
            kind: "provider".into(),
            sha256: "00".into(),
            file_text: String::new(),
            kind_text: String::new(),
        }];
        let mut b = a.clone();
        b[0].sha256 = "01".into();
        let id = document_id(&a, "2026-11-30", Lang::En);
        assert_eq!(id.len(), 32);
        assert_eq!(id, document_id(&a, "2026-11-30", Lang::En));
        assert_ne!(id, document_id(&b, "2026-11-30", Lang::En));
        assert_ne!(id, document_id(&a, "2026-12-01", Lang::En));
        assert_ne!(id, document_id(&a, "2026-11-30", Lang::De));
    }
}
