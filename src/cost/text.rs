//! The cost output's fixed texts in English and German, in one table, and the
//! language-dependent number format (via `crate::i18n`).
//!
//! Reasons computed by the cost model (why an item is missing, why a GPU has no
//! basis) are typed values, rendered per language: [`super::why`].

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
    ("gpu_resolved", "GPU models taken from the offers' own data (instance name, interconnect):", "GPU-Modelle aus den eigenen Angaben der Angebote (Instanzname, Verbindung):"),
    ("operation_offers", "Operation after the job, costed per provider on its cheapest offer for it (allowed country, on demand where required):", "Betrieb nach dem Job, je Anbieter auf dessen günstigstem Angebot dafür berechnet (zulässiges Land, On-Demand wo gefordert):"),
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
    ("benchmark_tables", "Benchmark tables", "Benchmark-Tabellen"),
    ("rvb_server_price", "server_price", "Serverpreis"),
    ("rvb_gpus_per_server", "gpus_per_server", "GPUs je Server"),
    ("rvb_lifetime_years", "lifetime_years", "Nutzungsdauer"),
    ("rvb_residual_value", "residual_value", "Restwert"),
    ("rvb_power_kw_load", "power_kw_load", "Leistung unter Last"),
    ("rvb_power_kw_idle", "power_kw_idle", "Leistung im Leerlauf"),
    ("rvb_pue", "pue", "PUE"),
    ("rvb_electricity_price_per_kwh", "electricity_price_per_kwh", "Strompreis je kWh"),
    ("rvb_maintenance_pct_per_year", "maintenance_pct_per_year", "Wartung pro Jahr"),
    ("rvb_hosting_per_month", "hosting_per_month", "Colocation pro Monat"),
    ("rvb_staff_per_year", "staff_per_year", "Personal pro Jahr"),
    ("rvb_utilisation_pct", "utilisation_pct", "Auslastung"),
    ("rvb_no_source", "assumption (no source)", "Annahme (ohne Quelle)"),
    ("rvb_fixed_per_year", "fixed per year", "fix pro Jahr"),
    ("rvb_energy_per_year", "energy per year", "Energie pro Jahr"),
    ("rvb_owned", "owned", "eigene Hardware"),
    ("rvb_rented", "rented", "gemietet"),
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
    fn every_key_has_both_languages() {
        for (k, en, de) in TEXT {
            assert!(!de.is_empty(), "{k}");
            assert!(!en.is_empty(), "{k}");
        }
        assert_eq!(
            money(Lang::De, Decimal::from_str("1234.56").unwrap()),
            "1.234,56"
        );
        assert_eq!(
            money(Lang::En, Decimal::from_str("1234.56").unwrap()),
            "1,234.56"
        );
    }
}
