//! The cost comparison's fixed texts (terminal, CSV headers, report).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("cost_budget_for", "For {chosen}: {offer}.", "Für {chosen}: {offer}."),
    ("cost_budget_caveat", "Planned on the comparable total, which leaves out {left}: add them once the provider states them.", "Geplant auf Basis der vergleichbaren Summe, ohne {left}: diese ergänzen, sobald der Anbieter sie nennt."),
    ("cost_operation_note", "Operation after the job is costed as its own job on each provider's cheapest offer for it (allowed country, on demand where required): {list}.", "Der Betrieb nach dem Job wird als eigener Job auf dem günstigsten Angebot jedes Anbieters dafür berechnet (zulässiges Land, On-Demand wo gefordert): {list}."),
    ("advice_budget_comparable", "Set alerts at {thresholds} % of the planned cost of {offer} and stop automatically at its comparable total including the {buffer} buffer ({total}); the comparable total leaves out {left}.", "Warnungen bei {thresholds} % der geplanten Kosten von {offer} einrichten und automatisch bei der vergleichbaren Summe einschließlich {buffer} Puffer stoppen ({total}); die vergleichbare Summe lässt {left} weg."),
    ("advice_budget_missing", "{why}. Set alerts at 50 / 80 / 100 % of the planned cost and an automatic stop at the total including the buffer once it can be priced.", "{why}. Warnungen bei 50 / 80 / 100 % der geplanten Kosten und einen automatischen Stopp bei der Gesamtsumme einschließlich Puffer einrichten, sobald es berechnet werden kann."),
];
