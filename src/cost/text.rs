//! The cost output's fixed texts in English and German, in one table, and the
//! language-dependent number format (via `crate::i18n`).
//!
//! Reasons computed by the cost model (why an item is missing, why a GPU has no
//! basis) are English sentences built from data; for German output they are
//! translated fragment by fragment with [`REASON_FRAGMENTS`]. A fragment that is
//! not in the table stays English (IDs, benchmark names and numbers need none).

use rust_decimal::Decimal;

use crate::i18n::{self, Lang};

/// (key, English, German).
pub const TEXT: &[(&str, &str, &str)] = &[
    ("title", "Cost comparison", "Kostenvergleich"),
    ("gpus_per_job", "GPUs per job", "GPUs je Job"),
    ("work", "Work", "Arbeitsmenge"),
    ("reference", "Reference throughput", "Referenzdurchsatz"),
    ("report_currency", "Report currency", "Berichtswährung"),
    ("rates", "rates", "Kurse"),
    ("compared_only", "Compared: only the allowed (eligible) providers", "Verglichen: nur die zulässigen Anbieter"),
    ("none", "none", "keine"),
    ("mlperf", "Benchmark figures are derived from MLPerf results and are not verified by MLCommons.", "Die Benchmark-Werte sind aus MLPerf-Ergebnissen abgeleitet und nicht von MLCommons geprüft."),
    ("col_offer", "provider / offer", "Anbieter / Angebot"),
    ("col_region", "region", "Region"),
    ("col_gpus", "GPUs", "GPUs"),
    ("col_basis", "basis", "Grundlage"),
    ("col_hours", "hours", "Stunden"),
    ("col_compute", "compute", "Rechenzeit"),
    ("col_comparable", "comparable", "vergleichbar"),
    ("col_total", "total", "gesamt"),
    ("col_range", "range (low–high)", "Spanne (niedrig–hoch)"),
    ("col_spot", "spot total", "Spot gesamt"),
    ("measured", "measured", "gemessen"),
    ("benchmark-derived", "benchmark-derived", "aus Benchmarks"),
    ("no basis", "no basis", "keine Grundlage"),
    ("bench", "bench", "Bench"),
    ("incomplete", "incomplete", "unvollständig"),
    ("no_cost", "no cost", "keine Kosten"),
    ("missing", "missing", "fehlt"),
    ("assumed_note", "* billing terms partly not stated by the provider; assumptions listed in the JSON output (`assumptions`).", "* Abrechnungsbedingungen vom Anbieter teils nicht angegeben; Annahmen stehen in der JSON-Ausgabe (`assumptions`)."),
    ("no_offers", "(no offers among the compared providers)", "(keine Angebote bei den verglichenen Anbietern)"),
    ("none_ranked", "No offer has a known compute cost, so none is ranked: the reasons are listed below. Rows are ordered by the known part.", "Für kein Angebot sind die Rechenkosten bekannt, daher gibt es keine Rangfolge: die Gründe stehen unten. Die Zeilen sind nach dem bekannten Teil geordnet."),
    ("ranked_total", "Ranked by the total = {items} + {buffer} % buffer; every item is known for every ranked offer.", "Rangfolge nach der Gesamtsumme = {items} + {buffer} % Puffer; jeder Posten ist für jedes gereihte Angebot bekannt."),
    ("ranked_comparable", "Ranked by the comparable total = {items} + {buffer} % buffer, the items known for every ranked offer. Left out for every offer (never counted as 0):", "Rangfolge nach der vergleichbaren Summe = {items} + {buffer} % Puffer, den Posten, die für jedes gereihte Angebot bekannt sind. Für alle Angebote weggelassen (nie als 0 gezählt):"),
    ("excluded_line", "missing for {n} of {m} ranked offers", "fehlt bei {n} von {m} gereihten Angeboten"),
    ("complete_shown", "The complete total is shown where every item is known.", "Die vollständige Gesamtsumme steht dort, wo jeder Posten bekannt ist."),
    ("without_total", "Offers without a complete total (missing is never counted as 0):", "Angebote ohne vollständige Gesamtsumme (Fehlendes wird nie als 0 gezählt):"),
    ("speed_basis", "Speed basis per GPU model:", "Geschwindigkeitsgrundlage je GPU-Modell:"),
    ("rank1", "Rank 1 in detail", "Rang 1 im Einzelnen"),
    ("compute_time", "compute time", "Rechenzeit"),
    ("gpu_hours", "GPU-hours", "GPU-Stunden"),
    ("billed_per_instance", "billed {s} s per instance", "abgerechnet {s} s je Instanz"),
    ("compute (on-demand)", "compute (on-demand)", "Rechenzeit (On-Demand)"),
    ("compute (spot)", "compute (spot)", "Rechenzeit (Spot)"),
    ("storage", "storage", "Speicher"),
    ("egress", "egress", "Datentransfer (Egress)"),
    ("operation", "operation", "Betrieb"),
    ("subtotal", "subtotal", "Zwischensumme"),
    ("buffer", "buffer", "Puffer"),
    ("total", "total", "gesamt"),
    ("buffer_of_subtotal", "{p} % of the subtotal", "{p} % der Zwischensumme"),
    ("comparable_total", "comparable total", "vergleichbare Summe"),
    ("spot_compute", "spot compute", "Spot-Rechenzeit"),
    ("spot_total", "spot total", "Spot gesamt"),
    ("spot", "spot", "Spot"),
    ("assumption", "assumption", "Annahme"),
    ("budget_advice", "Budget advice", "Budgetempfehlung"),
    ("for", "for", "für"),
    ("on_complete", "on the complete total", "auf Basis der vollständigen Gesamtsumme"),
    ("on_comparable", "on the comparable total", "auf Basis der vergleichbaren Summe"),
    ("caveat", "caveat", "Vorbehalt"),
    ("planned", "planned cost before buffer", "geplante Kosten vor Puffer"),
    ("alert_at", "alert at", "Warnung bei"),
    ("auto_stop", "automatic stop (planned cost + buffer)", "automatischer Stopp (geplante Kosten + Puffer)"),
    ("recommendations", "Recommendations", "Empfehlungen"),
    ("rent_vs_buy", "Rent versus buy", "Mieten oder kaufen"),
    ("break_even", "break-even utilisation", "Auslastung am Break-even"),
    ("none_up_to_100", "none up to 100 %", "keine bis 100 %"),
    ("rows_used", "Benchmark rows used (derived from MLPerf results, not verified by MLCommons):", "Verwendete Benchmark-Zeilen (aus MLPerf-Ergebnissen abgeleitet, nicht von MLCommons geprüft):"),
    ("method", "Method", "Methode"),
    ("method_en_only", "", "(Methodenhinweise auf Englisch, wie in docs/cost-model.md)"),
    ("benchmark_tables", "Benchmark tables", "Benchmark-Tabellen"),
];

/// English fragments of computed reasons and their German form, applied in this order
/// (longer fragments first where one contains another).
pub const REASON_FRAGMENTS: &[(&str, &str)] = &[
    (
        "planned on the comparable total, which leaves out",
        "geplant auf Basis der vergleichbaren Summe, ohne",
    ),
    (
        "add them once the provider states them, before relying on this budget",
        "diese ergänzen, sobald der Anbieter sie nennt, bevor man sich auf dieses Budget verlässt",
    ),
    ("storage (", "Speicher ("),
    ("egress (", "Egress ("),
    ("operation (", "Betrieb ("),
    (
        "price not stated by provider —",
        "Preis vom Anbieter nicht angegeben —",
    ),
    (
        "price not stated by provider",
        "Preis nicht angegeben von Anbieter",
    ),
    ("— ask the vendor", "— beim Anbieter erfragen"),
    (
        "the offer has no on-demand price",
        "das Angebot hat keinen On-Demand-Preis",
    ),
    (
        "the offer has no spot price",
        "das Angebot hat keinen Spot-Preis",
    ),
    (
        "has no on-demand offer of",
        "hat kein On-Demand-Angebot von",
    ),
    ("for operation", "für den Betrieb"),
    ("no basis:", "keine Grundlage:"),
    (
        "does not state its form factor, so no benchmark rows stand for it",
        "nennt keinen Formfaktor, daher stehen keine Benchmark-Zeilen dafür",
    ),
    (
        "no other benchmark of this kind has usable rows for both",
        "kein anderer Benchmark dieser Art hat verwertbare Zeilen für sowohl",
    ),
    ("row(s) from", "Zeile(n) aus"),
    ("system(s) for", "System(en) für"),
    (
        "at least 2 rows from 2 systems needed at a count shared with",
        "nötig sind mindestens 2 Zeilen aus 2 Systemen bei einer gemeinsamen Anzahl mit",
    ),
    (
        "no rows for the reference GPU",
        "keine Zeilen für die Referenz-GPU",
    ),
    ("no rows for", "keine Zeilen für"),
    (
        "no GPU count with rows for both",
        "keine GPU-Anzahl mit Zeilen für sowohl",
    ),
    ("in benchmark", "im Benchmark"),
    ("used instead of", "verwendet statt"),
    (
        "only submitters with rows for both models",
        "nur Einreicher mit Zeilen für beide Modelle",
    ),
    ("median time to train of", "Median der Trainingszeit von"),
    ("median throughput of", "Median des Durchsatzes von"),
    ("measured on", "gemessen auf"),
    ("factor", "Faktor"),
    ("rows:", "Zeilen:"),
    ("rows", "Zeilen"),
    ("median", "Median"),
    ("provider", "Anbieter"),
    ("egress of", "Egress von"),
    (
        "lies beyond the last stated tier",
        "liegt über der letzten angegebenen Stufe",
    ),
    (
        "the egress price states no tiers",
        "der Egress-Preis nennt keine Stufen",
    ),
    (
        "the offer states 0 GPUs per instance",
        "das Angebot nennt 0 GPUs je Instanz",
    ),
    ("compute (on-demand):", "Rechenzeit (On-Demand):"),
    ("storage:", "Speicher:"),
    ("egress:", "Egress:"),
    ("operation:", "Betrieb:"),
    (" at ", " bei "),
    (" on ", " auf "),
    (" and ", " und "),
    (" GPUs", " GPUs"),
    ("only ", "nur "),
];

/// The fixed text for `key` (the key itself when not in the table).
pub fn t(lang: Lang, key: &str) -> String {
    match TEXT.iter().find(|(k, _, _)| *k == key) {
        Some((_, en, de)) => match lang {
            Lang::En => (*en).to_string(),
            Lang::De => (*de).to_string(),
        },
        None => key.to_string(),
    }
}

/// `t` with `{name}` placeholders filled.
pub fn fill(lang: Lang, key: &str, values: &[(&str, &str)]) -> String {
    let mut s = t(lang, key);
    for (k, v) in values {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// A computed reason in the chosen language.
pub fn reason(lang: Lang, s: &str) -> String {
    match lang {
        Lang::En => s.to_string(),
        Lang::De => {
            let mut out = s.to_string();
            for (en, de) in REASON_FRAGMENTS {
                out = replace_words(&out, en, de);
            }
            out
        }
    }
}

/// `s` with `from` replaced by `to` only where `from` is not part of a longer word: a
/// fragment that starts (ends) with a letter or digit must not follow (precede) one, so
/// IDs such as `gpufactory` stay as they are.
fn replace_words(s: &str, from: &str, to: &str) -> String {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let starts_word = from.chars().next().is_some_and(word);
    let ends_word = from.chars().last().is_some_and(word);
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(from) {
        let (before, tail) = rest.split_at(i);
        let after = &tail[from.len()..];
        let prev = before.chars().last().or_else(|| out.chars().last());
        let inside = (starts_word && prev.is_some_and(word))
            || (ends_word && after.chars().next().is_some_and(word));
        out.push_str(before);
        out.push_str(if inside { from } else { to });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Money without symbol: `1,234.56` (en) or `1.234,56` (de), rounded half-to-even to cents first.
pub fn money(lang: Lang, d: Decimal) -> String {
    i18n::number(lang, super::cents(d), 2)
}

/// A plain decimal text (hours, factors) with the language's decimal mark, no grouping.
pub fn decimal_text(lang: Lang, s: &str) -> String {
    match lang {
        Lang::En => s.to_string(),
        Lang::De => s.replace('.', ","),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn every_key_has_both_languages_and_reasons_translate() {
        for (k, en, de) in TEXT {
            assert!(!de.is_empty(), "{k}");
            assert!(!en.is_empty() || *k == "method_en_only", "{k}");
        }
        assert_eq!(
            money(Lang::De, Decimal::from_str("1234.56").unwrap()),
            "1.234,56"
        );
        assert_eq!(
            money(Lang::En, Decimal::from_str("1234.56").unwrap()),
            "1,234.56"
        );
        assert_eq!(
            reason(
                Lang::De,
                "price not stated by provider aws — ask the vendor"
            ),
            "Preis nicht angegeben von Anbieter aws — beim Anbieter erfragen"
        );
        assert_eq!(
            reason(Lang::De, "price not stated by provider — ask the vendor"),
            "Preis vom Anbieter nicht angegeben — beim Anbieter erfragen"
        );
        assert_eq!(
            reason(
                Lang::De,
                "price not stated by provider gpufactory — ask the vendor"
            ),
            "Preis nicht angegeben von Anbieter gpufactory — beim Anbieter erfragen"
        );
        assert_eq!(
            reason(
                Lang::De,
                "storage: price not stated by provider providers-factory"
            ),
            "Speicher: Preis nicht angegeben von Anbieter providers-factory"
        );
        assert_eq!(
            reason(Lang::De, "the offer has no on-demand price"),
            "das Angebot hat keinen On-Demand-Preis"
        );
    }
}
