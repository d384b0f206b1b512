//! The cost command's recommendations (`cost::advice`): titles and reasons, key
//! `cost_rec_<id>` and `cost_rec_<id>_title`. Terminal and JSON texts, not report
//! labels (the report writes its own advice from the same figures).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("cost_rec_spot_title", "Use spot / interruptible capacity", "Spot-/unterbrechbare Kapazität nutzen"),
    ("cost_rec_spot", "on {n} offer(s) spot saves at least {min} % of on-demand compute after rework; the cheapest spot total is {total} {currency} on {offer} (saving {saving} % of compute, {hours} h to result)", "bei {n} Angebot(en) spart Spot nach Nacharbeit mindestens {min} % der On-Demand-Rechenkosten; die günstigste Spot-Summe ist {total} {currency} bei {offer} (Ersparnis {saving} % der Rechenkosten, {hours} h bis zum Ergebnis)"),
    ("cost_rec_data_locality_title", "Keep data next to compute", "Daten neben der Rechenleistung halten"),
    ("cost_rec_data_locality", "egress is {share} of the planned cost on {offer} (threshold {min} %): process and store results where the GPUs are, or negotiate the egress allowance", "Egress ist {share} der geplanten Kosten bei {offer} (Schwelle {min} %): Ergebnisse dort verarbeiten und speichern, wo die GPUs sind, oder das Egress-Freikontingent verhandeln"),
    ("cost_rec_mixed_precision_title", "Try mixed precision (bf16/fp16)", "Gemischte Genauigkeit (bf16/fp16) versuchen"),
    ("cost_rec_mixed_precision", "the test run was measured in fp32; 16-bit mixed precision usually raises throughput on tensor-core GPUs — measure a new run, cloudvet does not guess the gain", "der Testlauf wurde in fp32 gemessen; 16-Bit-Mixed-Precision erhöht auf Tensor-Core-GPUs meist den Durchsatz — einen neuen Lauf messen, cloudvet schätzt den Gewinn nicht"),
    ("cost_rec_quantisation_title", "Quantise or distil the model for operation", "Modell für den Betrieb quantisieren oder destillieren"),
    ("cost_rec_quantisation", "operation is {share} of the planned cost on {offer} (threshold {min} %): a smaller or quantised model may run on fewer or cheaper GPUs", "der Betrieb ist {share} der geplanten Kosten bei {offer} (Schwelle {min} %): ein kleineres oder quantisiertes Modell läuft womöglich auf weniger oder günstigeren GPUs"),
    ("cost_rec_budget_alerts_title", "Set budget alerts and an automatic stop", "Budgetwarnungen und automatischen Stopp einrichten"),
    ("cost_rec_budget_alerts", "set alerts at {thresholds} % of the planned cost of {offer} and stop automatically at {stop} {currency} (planned cost plus the {buffer} % buffer){caveat}", "Warnungen bei {thresholds} % der geplanten Kosten von {offer} einrichten und automatisch bei {stop} {currency} stoppen (geplante Kosten plus {buffer} % Puffer){caveat}"),
    ("cost_rec_budget_alerts_none", "set alerts at 50 / 80 / 100 % of the planned cost and an automatic stop at the total including the buffer, once an offer can be priced", "Warnungen bei 50 / 80 / 100 % der geplanten Kosten und einen automatischen Stopp bei der Gesamtsumme einschließlich Puffer einrichten, sobald ein Angebot berechnet werden kann"),
    ("cost_rec_budget_alerts_missing", "{why}; set alerts at 50 / 80 / 100 % of the planned cost and an automatic stop at the total including the buffer once it can be priced", "{why}; Warnungen bei 50 / 80 / 100 % der geplanten Kosten und einen automatischen Stopp bei der Gesamtsumme einschließlich Puffer einrichten, sobald es berechnet werden kann"),
];
