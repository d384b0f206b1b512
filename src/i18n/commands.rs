//! Fixed texts of the commands that are not tables: `wrote …` lines, notes,
//! errors of usage, `rules`, `init`, `questionnaire`, `dpa`, `diff`.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    // shared
    ("cmd_wrote", "wrote {path}", "geschrieben: {path}"),
    ("cmd_cannot_write_json", "error: cannot write JSON: {error}", "Fehler: JSON kann nicht geschrieben werden: {error}"),
    ("cmd_cannot_create", "error: cannot create {path}: {error}", "Fehler: {path} kann nicht angelegt werden: {error}"),
    ("cmd_cannot_write", "error: cannot write {path}: {error}", "Fehler: {path} kann nicht geschrieben werden: {error}"),
    ("cmd_error", "error: {error}", "Fehler: {error}"),
    // assess, questionnaire: applied DPA reviews
    ("cmd_review_applied", "note: DPA review {file} ({signed}) applied to `{provider}`: {facts} fact(s) now verified from the review", "Hinweis: AVV-Prüfung {file} ({signed}) auf `{provider}` angewandt: {facts} Fakt(en) jetzt durch die Prüfung belegt"),
    ("cmd_review_signed_off", "signed off {date}", "freigegeben am {date}"),
    ("cmd_review_not_signed_off", "not signed off", "nicht freigegeben"),
    // cost, validate
    ("cmd_cannot_write_output", "cannot write the output: {error}", "die Ausgabe kann nicht geschrieben werden: {error}"),
    ("cmd_cost_unreadable", "the workload or the benchmark tables could not be read", "die Arbeitslast oder die Benchmark-Tabellen konnten nicht gelesen werden"),
    ("cmd_gpus_description", "description", "Beschreibung"),
    ("cmd_gpus_aliases", "catalogue names placed here", "hier eingeordnete Katalognamen"),
    // report progress
    ("cmd_report_progress_assess", "assessing and costing", "Bewertung und Kosten"),
    ("cmd_report_progress_render", "rendering {formats}", "Ausgabe: {formats}"),
    // questionnaire
    ("cmd_wrote_questions", "wrote {path} ({n} questions)", "geschrieben: {path} ({n} Fragen)"),
    ("cmd_the_providers_loaded", "the providers loaded", "den geladenen Anbietern"),
    // rules
    ("cmd_no_rule", "no rule `{id}`", "keine Regel `{id}`"),
    ("cmd_no_rule_help", "run `cloudvet rules list` for the rule IDs", "`cloudvet rules list` zeigt die Regel-IDs"),
    ("rules_removed_mark", " (removed)", " (entfernt)"),
    ("rules_removed", "REMOVED (ID stays reserved)", "ENTFERNT (ID bleibt reserviert)"),
    ("rules_in_force", "In force for evaluation dates: {from} … {to}", "Gilt für Stichtage: {from} … {to}"),
    ("rules_pack", "Pack", "Paket"),
    ("rules_area", "Area", "Bereich"),
    ("rules_severity", "Severity", "Schweregrad"),
    ("rules_weight", "Weight", "Gewicht"),
    ("rules_legal_basis", "Legal basis", "Rechtsgrundlage"),
    ("rules_why", "Why", "Warum"),
    ("rules_question", "Question to the vendor", "Frage an den Anbieter"),
    ("rules_remediation", "Remediation", "Abhilfe"),
    ("rules_check", "Check", "Prüfung"),
];
