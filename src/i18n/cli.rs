//! Fixed texts of the commands' terminal output: summaries, tables, notes, `wrote …` lines, errors of usage.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    // assess
    ("cli_assess_header", "evaluation date {date} · {rules} rules applied from {packs} packs · evidence at most {months} months old", "Stichtag {date} · {rules} Regeln aus {packs} Paketen angewandt · Nachweise höchstens {months} Monate alt"),
    ("cli_assess_col_rank", "Rank", "Rang"),
    ("cli_assess_col_provider", "Provider", "Anbieter"),
    ("cli_assess_col_total", "Total", "Gesamt"),
    ("cli_assess_col_max", "max", "max."),
    ("cli_assess_col_confidence", "Confidence", "Belastbarkeit"),
    ("cli_assess_col_open_ko", "Open KO", "offene Muss"),
    ("cli_assess_col_questions", "Questions", "Fragen"),
    ("cli_assess_excluded", "Excluded (failed knock-out):", "Ausgeschlossen (Muss-Kriterium verfehlt):"),
    ("cli_assess_first_in", "first in", "Platz 1 in"),
    ("cli_assess_top3_in", "top 3 in", "unter den ersten 3 in"),
    ("cli_assess_waiver_expired", "Waiver expired:", "Ausnahme abgelaufen:"),
    ("cli_assess_no_longer_since", "no longer applies since", "gilt nicht mehr seit"),
    ("cli_assess_example_data", "Example data from public sources; verify before use.", "Beispieldaten aus öffentlichen Quellen, vor Verwendung prüfen."),
    ("cli_assess_ko_fail", "KNOCK-OUT FAIL", "MUSS VERFEHLT"),
    ("cli_assess_ko_open", "KNOCK-OUT OPEN", "MUSS OFFEN"),
    ("cli_assess_fail", "fail", "nicht erfüllt"),
    ("cli_assess_unknown", "unknown", "offen"),
    ("cli_assess_waived", " [waived]", " [Ausnahme]"),
    ("cli_assess_waiver_lapsed", " [waiver expired]", " [Ausnahme abgelaufen]"),
    ("cli_assess_also_unknown", "also unknown", "weitere offen"),
    ("cli_assess_passed", "passed:", "erfüllt:"),
    ("cli_assess_questions_vendor", "questions for the vendor:", "Fragen an den Anbieter:"),
    ("cli_assess_footer", "Open points as a questionnaire: cloudvet questionnaire --provider ID · explain a rule: cloudvet rules explain ID", "Offene Punkte als Fragebogen: cloudvet questionnaire --provider ID · Regel erklären: cloudvet rules explain ID"),
    // validate
    ("cli_validate_valid", "valid: {files} file(s) checked, {summary}", "gültig: {files} Datei(en) geprüft, {summary}"),
    ("cli_validate_invalid", "invalid: {files} file(s) checked, {summary}", "ungültig: {files} Datei(en) geprüft, {summary}"),
    ("cli_gate_tripped", "gate tripped (--fail-on)", "Prüftor ausgelöst (--fail-on)"),
    ("cli_seal_prefix", "SEAL (≤, ? = open)", "SEAL (≤, ? = offen)"),
    ("cli_seal_below", " — below minimum: {list}", " — unter dem Mindestniveau: {list}"),
];
