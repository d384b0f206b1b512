//! The vendor questionnaire's words: the header of the YAML file to fill, the
//! Markdown and PDF to read, the forms of answer, and `cloudvet questionnaire`.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("questionnaire_md_title", "Questionnaire for {name}", "Fragebogen an {name}"),
    ("questionnaire_md_intro", "Open points from our assessment of {date}. Please answer in the enclosed file {file}: each point below has the same mark there (1a, 1b …).", "Offene Punkte aus unserer Bewertung vom {date}. Bitte antworten Sie in der beiliegenden Datei {file}: Jeder Punkt unten trägt dort dieselbe Markierung (1a, 1b …)."),
    ("questionnaire_md_decisive", "These are only the questions whose answers can change our ranking ({n} of {total} open questions).", "Dies sind nur die Fragen, deren Antworten unsere Rangfolge ändern können ({n} von {total} offenen Fragen)."),
    ("q_how_title", "How to answer", "So antworten Sie"),
    ("q_how_value", "For each point, replace `value: unknown` in the file with your answer, in the form given here and in the comment beside it.", "Ersetzen Sie je Punkt in der Datei `value: unknown` durch Ihre Antwort, in der hier und im Kommentar daneben genannten Form."),
    ("q_how_evidence", "Add `source:` with the address of a document that shows the answer: the contract, the DPA, a certificate, an audit report or a register entry.", "Ergänzen Sie `source:` mit der Adresse eines Dokuments, das die Antwort belegt: Vertrag, AVV, Zertifikat, Prüfbericht oder Registereintrag."),
    ("q_how_unknown", "Leave `unknown` where you cannot answer; set `answered_by` and `answered_on` (YYYY-MM-DD) before you send the file back.", "Lassen Sie `unknown` stehen, wo Sie nicht antworten können; setzen Sie `answered_by` und `answered_on` (JJJJ-MM-TT), bevor Sie die Datei zurücksenden."),
    ("q_question", "Question", "Frage"),
    ("q_why", "Why we ask", "Anlass"),
    ("q_legal_basis", "Legal basis", "Rechtsgrundlage"),
    ("q_concerns", "Concerns", "Betrifft"),
    ("q_please_state", "Please state", "Bitte angeben"),
    ("q_decisive", "please answer first", "bitte zuerst beantworten"),
    ("q_none", "No open questions.", "Keine offenen Fragen."),
    ("q_severity_knockout", "must-have", "Muss-Kriterium"),
    ("q_severity_major", "important", "wesentlich"),
    ("q_severity_minor", "minor", "nachrangig"),
    ("q_severity_info", "for information", "zur Information"),
    // Forms of answer.
    ("q_form_one_of", "one of: {choices}", "eines von: {choices}"),
    ("q_form_yes_no", "yes or no (`true` / `false`)", "ja oder nein (`true` / `false`)"),
    ("q_form_number", "a number, e.g. 30", "eine Zahl, z. B. 30"),
    ("q_form_date", "a date (YYYY-MM-DD)", "ein Datum (JJJJ-MM-TT)"),
    ("q_form_url", "the address (URL) of the document", "die Adresse (URL) des Dokuments"),
    ("q_form_text", "a short text", "ein kurzer Text"),
    ("q_form_list", "a list, e.g. `[DE, FR]`", "eine Liste, z. B. `[DE, FR]`"),
    ("q_form_entry", "one new entry with {fields}", "ein neuer Eintrag mit {fields}"),
    // The header of the YAML file.
    ("q_yaml_title", "cloudvet vendor questionnaire: please answer the questions below.", "cloudvet-Fragebogen an den Anbieter: Bitte beantworten Sie die folgenden Fragen."),
    ("q_yaml_fill", "For each fact, replace `value: unknown` with your answer, in the form the comment beside it gives.", "Ersetzen Sie je Angabe `value: unknown` durch Ihre Antwort, in der Form, die der Kommentar daneben nennt."),
    ("q_yaml_source", "Add `source:` with the address of the document that shows it; set `answered_by` and `answered_on` (YYYY-MM-DD).", "Ergänzen Sie `source:` mit der Adresse des Dokuments, das die Angabe belegt; setzen Sie `answered_by` und `answered_on` (JJJJ-MM-TT)."),
    ("q_yaml_unknown", "Leave `unknown` where you cannot answer.", "Wo Sie nicht antworten können, lassen Sie `unknown` stehen."),
    ("q_yaml_keys", "Do not change `rule:` and `fact:`: they tie each answer to its question.", "Ändern Sie `rule:` und `fact:` nicht: Sie ordnen jede Antwort ihrer Frage zu."),
    // `cloudvet questionnaire`.
    ("cmd_no_decisive", "{name}: no open question can change who ranks first; nothing written (without --decisive-only: all {n} open questions)", "{name}: Keine offene Frage kann die Rangfolge an der Spitze ändern; nichts geschrieben (ohne --decisive-only: alle {n} offenen Fragen)"),
    ("cmd_no_decisive_any", "No open question can change who ranks first; nothing written.", "Keine offene Frage kann die Rangfolge an der Spitze ändern; nichts geschrieben."),
];
