//! Legal citations as each language writes them, and the words for how well a
//! reference is confirmed.
//!
//! English puts the instrument first (`GDPR Art. 28(3)(h)`, `Data Act Art.
//! 25(2)(d)`, `EDPB Guidelines 07/2020 para. 123`); German puts the locator first
//! for laws (`Art. 28 Abs. 3 lit. h DSGVO`, `Art. 4 Abs. 1 KI-VO`, `Art. 2 Nr. 36
//! Data Act`, `§ 393 SGB V`) and writes guidance by its German title
//! (`EDSA-Leitlinien 07/2020 Rn. 123`). Rule packs keep the source keys (`GDPR`,
//! `EDPB-G07`); the JSON output keeps the English form with its marks
//! (`LegalBasis::citation`). A reference of the buyer's own requirements (`REQ
//! requirements gpu.models, locations`) is read as the requirements' field
//! labels ("Your requirements: GPU models and allowed locations").

use super::{fields, fill, t, Lang};
use crate::model::rule_pack::{BasisConfidence, LegalBasis};

/// (key, English, German): the catalogue entries of this module.
pub const TABLE: &[(&str, &str, &str)] = &[
    // How well a legal reference is confirmed: the mark after a citation and the
    // legend that explains the marks (an unmarked citation is confirmed).
    ("evidence_verified", "confirmed in the legal text", "im Rechtstext bestätigt"),
    ("evidence_secondary", "secondary sources only", "nur Sekundärquellen"),
    ("evidence_unverified", "not confirmed", "nicht bestätigt"),
    ("evidence_legend_title", "How well the legal references are confirmed", "Wie gut die Rechtsgrundlagen belegt sind"),
    ("evidence_legend_verified", "Citations without a note are confirmed in the legal text: checked against the official text or the issuing authority's own page.", "Fundstellen ohne Zusatz sind im Rechtstext bestätigt: geprüft am amtlichen Text oder an der Seite der herausgebenden Stelle."),
    ("evidence_legend_secondary", "“secondary sources only”: supported by commentary or other secondary sources; probable, not settled.", "„nur Sekundärquellen“: nur durch Kommentare oder andere Sekundärquellen gestützt; wahrscheinlich, aber nicht gesichert."),
    ("evidence_legend_unverified", "“not confirmed”: an open point, never treated as settled law.", "„nicht bestätigt“: ein offener Punkt, nie als gesichertes Recht behandelt."),
    // The buyer's own requirements and good practice as a basis.
    ("cite_requirements", "Your requirements: {fields}", "Ihre Anforderungen: {fields}"),
    ("cite_good_practice", "Good procurement practice", "Gute Beschaffungspraxis"),
    ("cite_iso_standards", "ISO standards", "ISO-Normen"),
];

/// How an instrument is written: English name, German name, and whether German
/// puts the locator before the name (laws) or after it (guidance, standards).
struct Instrument {
    key: &'static str,
    en: &'static str,
    de: &'static str,
    de_locator_first: bool,
}

const INSTRUMENTS: &[Instrument] = &[
    Instrument {
        key: "GDPR",
        en: "GDPR",
        de: "DSGVO",
        de_locator_first: true,
    },
    Instrument {
        key: "AIA",
        en: "AI Act",
        de: "KI-VO",
        de_locator_first: true,
    },
    Instrument {
        key: "AIA-OMN",
        en: "Digital Omnibus on AI (Regulation (EU) 2026/1744)",
        de: "KI-Omnibus-Verordnung (EU) 2026/1744",
        de_locator_first: true,
    },
    Instrument {
        key: "AIA-QA",
        en: "European Commission, AI literacy – questions and answers",
        de: "EU-Kommission, KI-Kompetenz – Fragen und Antworten",
        de_locator_first: false,
    },
    Instrument {
        key: "DA",
        en: "Data Act",
        de: "Data Act",
        de_locator_first: true,
    },
    Instrument {
        key: "EED",
        en: "Energy Efficiency Directive (EU) 2023/1791",
        de: "Energieeffizienzrichtlinie (EU) 2023/1791",
        de_locator_first: true,
    },
    Instrument {
        key: "SGB-V",
        en: "SGB V",
        de: "SGB V",
        de_locator_first: true,
    },
    Instrument {
        key: "CLOUD-ACT",
        en: "US CLOUD Act, 18 U.S.C.",
        de: "US CLOUD Act, 18 U.S.C.",
        de_locator_first: false,
    },
    Instrument {
        key: "EDPB-G07",
        en: "EDPB Guidelines 07/2020",
        de: "EDSA-Leitlinien 07/2020",
        de_locator_first: false,
    },
    Instrument {
        key: "EDPB-R01",
        en: "EDPB Recommendations 01/2020",
        de: "EDSA-Empfehlungen 01/2020",
        de_locator_first: false,
    },
    Instrument {
        key: "EDPB-G05",
        en: "EDPB Guidelines 05/2021",
        de: "EDSA-Leitlinien 05/2021",
        de_locator_first: false,
    },
    Instrument {
        key: "EDPB-O22",
        en: "EDPB Opinion 22/2024",
        de: "EDSA-Stellungnahme 22/2024",
        de_locator_first: false,
    },
    Instrument {
        key: "SII",
        en: "CJEU C-311/18 (Schrems II)",
        de: "EuGH C-311/18 (Schrems II)",
        de_locator_first: false,
    },
    Instrument {
        key: "SCC-T",
        en: "Standard contractual clauses for transfers (2021/914)",
        de: "Standardvertragsklauseln für Drittlandübermittlungen (2021/914)",
        de_locator_first: true,
    },
    Instrument {
        key: "SCC-C2P",
        en: "Standard contractual clauses between controllers and processors",
        de: "Standardvertragsklauseln zwischen Verantwortlichen und Auftragsverarbeitern",
        de_locator_first: false,
    },
    Instrument {
        key: "DPF",
        en: "EU-US Data Privacy Framework adequacy decision",
        de: "Angemessenheitsbeschluss zum EU-US-Datenschutzrahmen",
        de_locator_first: false,
    },
    Instrument {
        key: "CSF",
        en: "EU Cloud Sovereignty Framework",
        de: "Cloud-Souveränitätsrahmen der EU-Kommission",
        de_locator_first: false,
    },
    Instrument {
        key: "ENEFG",
        en: "German Energy Efficiency Act (EnEfG)",
        de: "Energieeffizienzgesetz (EnEfG)",
        de_locator_first: false,
    },
    Instrument {
        key: "DSK",
        en: "German Data Protection Conference (DSK)",
        de: "Datenschutzkonferenz (DSK)",
        de_locator_first: false,
    },
    Instrument {
        key: "ISO",
        en: "",
        de: "",
        de_locator_first: false,
    },
    Instrument {
        key: "BSI-C5",
        en: "BSI",
        de: "BSI",
        de_locator_first: false,
    },
    Instrument {
        key: "BSI-C3A",
        en: "BSI C3A",
        de: "BSI C3A",
        de_locator_first: false,
    },
    Instrument {
        key: "AICPA",
        en: "AICPA",
        de: "AICPA",
        de_locator_first: false,
    },
    Instrument {
        key: "ANSSI",
        en: "ANSSI",
        de: "ANSSI",
        de_locator_first: false,
    },
    Instrument {
        key: "GAIA-X",
        en: "Gaia-X",
        de: "Gaia-X",
        de_locator_first: false,
    },
    Instrument {
        key: "TISAX",
        en: "TISAX",
        de: "TISAX",
        de_locator_first: false,
    },
    Instrument {
        key: "DAKKS",
        en: "DAkkS",
        de: "DAkkS",
        de_locator_first: false,
    },
    Instrument {
        key: "ECB",
        en: "ECB",
        de: "EZB",
        de_locator_first: false,
    },
    Instrument {
        key: "PROCUREMENT",
        en: "Good procurement practice",
        de: "Gute Beschaffungspraxis",
        de_locator_first: false,
    },
];

/// Free-text locators of the shipped rule packs as each language writes them
/// (as written in the pack, English, German). A locator not listed is shown as
/// written, after the generic rules of [`reference_words`].
const REFERENCES: &[(&str, &str, &str)] = &[
    (
        "(instructions procedure)",
        "(instructions procedure)",
        "(Weisungsverfahren)",
    ),
    (
        "v2.0 (remote-access examples)",
        "v2.0 (remote-access examples)",
        "Version 2.0 (Beispiele zum Fernzugriff)",
    ),
    (
        "(adopted 7 Oct 2024)",
        "(adopted 7 Oct 2024)",
        "(angenommen am 07.10.2024)",
    ),
    (
        "Decision (EU) 2021/915",
        "(Implementing Decision (EU) 2021/915)",
        "(Durchführungsbeschluss (EU) 2021/915)",
    ),
    (
        "modules 2 and 3, Decision (EU) 2021/914",
        "modules 2 and 3",
        "Module 2 und 3",
    ),
    (
        "Decision (EU) 2023/1795",
        "(Implementing Decision (EU) 2023/1795)",
        "(Durchführungsbeschluss (EU) 2023/1795)",
    ),
    (
        "appeal C-703/25 P, outcome",
        "(appeal C-703/25 P, outcome)",
        "(Rechtsmittel C-703/25 P, Ausgang)",
    ),
    ("AI literacy – questions and answers", "", ""),
    ("Energieeffizienzgesetz 2023", "2023", "2023"),
    (
        "PUE and renewable-power duties",
        "PUE and renewable-power duties",
        "Pflichten zu PUE und Strom aus erneuerbaren Energien",
    ),
    (
        "Beschluss 31 Jan 2023",
        "resolution of 31 Jan 2023",
        "Beschluss vom 31.01.2023",
    ),
    (
        "ISO/IEC 27001:2022; 3-year cycle",
        "ISO/IEC 27001:2022 (3-year certification cycle)",
        "ISO/IEC 27001:2022 (dreijähriger Zertifizierungszyklus)",
    ),
    (
        "ISO/IEC 27001 scope statement",
        "ISO/IEC 27001, scope statement",
        "ISO/IEC 27001, Geltungsbereich",
    ),
    ("C5:2026 Type 2", "C5:2026 Type 2", "C5:2026 Typ 2"),
    (
        "C5:2020 / C5:2026 Type 2",
        "C5:2020 / C5:2026 Type 2",
        "C5:2020 / C5:2026 Typ 2",
    ),
    (
        "C5:2026, application to audit periods beginning on or after 1 Jun 2027",
        "C5:2026, for audit periods beginning on or after 1 Jun 2027",
        "C5:2026, für Prüfzeiträume ab dem 01.06.2027",
    ),
    (
        "C5:2026 GC-01 (locations and exclusions)",
        "C5:2026 GC-01 (locations and exclusions)",
        "C5:2026 GC-01 (Standorte und Ausschlüsse)",
    ),
    (
        "C3A §1.2 (prerequisite C5:2026)",
        "§ 1.2 (prerequisite C5:2026)",
        "§ 1.2 (Voraussetzung C5:2026)",
    ),
    (
        "SOV-1-01-C1 Jurisdiction",
        "SOV-1-01-C1 (jurisdiction)",
        "SOV-1-01-C1 (Rechtsordnung)",
    ),
    (
        "SOV-1-01-C2 Jurisdiction",
        "SOV-1-01-C2 (jurisdiction)",
        "SOV-1-01-C2 (Rechtsordnung)",
    ),
    (
        "SOV-1-02-C1 Registered office",
        "SOV-1-02-C1 (registered office)",
        "SOV-1-02-C1 (Sitz)",
    ),
    (
        "SOV-1-02-C2 Registered office",
        "SOV-1-02-C2 (registered office)",
        "SOV-1-02-C2 (Sitz)",
    ),
    (
        "SOV-1-03-C1 Effective control",
        "SOV-1-03-C1 (effective control)",
        "SOV-1-03-C1 (tatsächliche Kontrolle)",
    ),
    (
        "SOV-1-03-C2 Effective control",
        "SOV-1-03-C2 (effective control)",
        "SOV-1-03-C2 (tatsächliche Kontrolle)",
    ),
    (
        "SOV-1-04-C Control change",
        "SOV-1-04-C (change of control)",
        "SOV-1-04-C (Kontrollwechsel)",
    ),
    (
        "SOV-2-01-C Extraterritorial exposure",
        "SOV-2-01-C (extraterritorial exposure)",
        "SOV-2-01-C (extraterritoriale Zugriffsrisiken)",
    ),
    (
        "SOV-3-01-C3 Data residence",
        "SOV-3-01-C3 (data residence)",
        "SOV-3-01-C3 (Datenspeicherort)",
    ),
    (
        "SOV-3-01-C4 Data residence",
        "SOV-3-01-C4 (data residence)",
        "SOV-3-01-C4 (Datenspeicherort)",
    ),
    (
        "SOV-3-02-C External key management",
        "SOV-3-02-C (external key management)",
        "SOV-3-02-C (externes Schlüsselmanagement)",
    ),
    (
        "SOV-4-02-C1 Remote work",
        "SOV-4-02-C1 (remote work)",
        "SOV-4-02-C1 (Fernzugriff durch Personal)",
    ),
    (
        "SOV-4-09-C Disconnect",
        "SOV-4-09-C (disconnection)",
        "SOV-4-09-C (Abtrennung)",
    ),
    (
        "SOC 2 Type II, Trust Services Criteria",
        "SOC 2 Type II, Trust Services Criteria",
        "SOC 2 Typ II, Trust Services Criteria",
    ),
    (
        "Trust Framework, label levels 1–3",
        "Trust Framework, label levels 1–3",
        "Trust Framework, Label-Stufen 1–3",
    ),
    (
        "VDA ISA; labels valid 3 years",
        "(VDA ISA; labels valid for 3 years)",
        "(VDA ISA; Labels 3 Jahre gültig)",
    ),
    (
        "notice on IAF CertSearch (no obligation)",
        "notice on IAF CertSearch (no obligation)",
        "Hinweis zu IAF CertSearch (keine Pflicht)",
    ),
    ("SEAL levels", "SEAL levels", "SEAL-Stufen"),
];

/// A locator as `lang` writes it: the table above, then the generic words
/// (`para 123` → `para. 123` / `Rn. 123`, `step 4` → `Schritt 4`, `recital 88`
/// → `Erwägungsgrund 88`).
fn reference_words(lang: Lang, r: &str) -> String {
    if let Some((_, en, de)) = REFERENCES.iter().find(|(k, _, _)| *k == r) {
        return pick(lang, en, de).to_string();
    }
    let generic: &[(&str, &str, &str)] = &[
        ("paras ", "paras ", "Rn. "),
        ("para ", "para. ", "Rn. "),
        ("step ", "step ", "Schritt "),
        ("recital ", "recital ", "Erwägungsgrund "),
    ];
    for (from, en, de) in generic {
        if let Some(rest) = r.strip_prefix(from) {
            return format!("{}{rest}", pick(lang, en, de));
        }
    }
    r.to_string()
}

fn pick<'a>(lang: Lang, en: &'a str, de: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

fn instrument(key: &str) -> Option<&'static Instrument> {
    INSTRUMENTS.iter().find(|i| i.key == key)
}

/// The name of an instrument in `lang` (`GDPR` → "DSGVO"); the key itself for
/// one not listed.
pub fn instrument_name(lang: Lang, key: &str) -> String {
    match instrument(key) {
        Some(i) if !pick(lang, i.en, i.de).is_empty() => {
            pick(lang, i.en, i.de).trim_end_matches(':').to_string()
        }
        _ if key == "REQ" => t(lang, "cite_requirements")
            .split(':')
            .next()
            .unwrap_or("")
            .to_string(),
        _ => key.to_string(),
    }
}

/// The article locator: `Art. 28(3)(h)` (en) or `Art. 28 Abs. 3 lit. h` (de);
/// `§ 393`, `Clause 14` / `Klausel 14`.
fn locator(lang: Lang, b: &LegalBasis) -> Option<String> {
    let a = b.article.as_ref()?;
    let prefix = match (b.instrument.as_str(), lang) {
        ("SGB-V" | "CLOUD-ACT", _) => "§",
        ("SCC-T" | "SCC-C2P", Lang::En) => "Clause",
        ("SCC-T" | "SCC-C2P", Lang::De) => "Klausel",
        _ => "Art.",
    };
    let mut s = format!("{prefix} {a}");
    match lang {
        Lang::En => {
            if let Some(p) = &b.paragraph {
                s.push_str(&format!("({p})"));
            }
            if let Some(p) = &b.point {
                s.push_str(&format!("({p})"));
            }
            if let Some(sp) = &b.subparagraph {
                let ord = match sp.as_str() {
                    "1" => "first subparagraph".to_string(),
                    "2" => "second subparagraph".to_string(),
                    "3" => "third subparagraph".to_string(),
                    other => format!("subparagraph {other}"),
                };
                s.push_str(&format!(", {ord}"));
            }
        }
        Lang::De => {
            if let Some(p) = &b.paragraph {
                s.push_str(&format!(" Abs. {p}"));
            }
            if let Some(sp) = &b.subparagraph {
                s.push_str(&format!(" UAbs. {sp}"));
            }
            if let Some(p) = &b.point {
                // Numbered points (definitions) are "Nr.", lettered ones "lit.".
                if p.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    s.push_str(&format!(" Nr. {p}"));
                } else {
                    s.push_str(&format!(" lit. {p}"));
                }
            }
        }
    }
    Some(s)
}

/// The paths of the requirements a `REQ` reference names (`requirements gpu
/// (models, min_vram_gb), locations (the buyer's policy)` → `/gpu/models`,
/// `/gpu/min_vram_gb`, `/locations`); none when it names no field.
fn requirement_paths(reference: &str) -> Option<Vec<String>> {
    let rest = reference.strip_prefix("requirements ")?;
    // "x (a, b)" → "x.a, x.b"; any other parenthesis is a note and goes.
    let mut flat = String::new();
    let mut chars = rest.char_indices().peekable();
    let mut word_start = 0;
    while let Some((i, c)) = chars.next() {
        if c == '(' {
            let close = rest[i..].find(')').map(|j| i + j)?;
            let inner = &rest[i + 1..close];
            let grouped = inner
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_, ".contains(c));
            let before = rest[word_start..i].trim();
            if grouped && !before.is_empty() {
                flat.truncate(flat.len() - rest[word_start..i].len());
                let parts: Vec<String> = inner
                    .split(',')
                    .map(|p| format!("{before}.{}", p.trim()))
                    .collect();
                flat.push_str(&parts.join(", "));
            }
            while chars.peek().is_some_and(|(j, _)| *j <= close) {
                chars.next();
            }
            continue;
        }
        if c == ',' {
            word_start = i + 1;
        }
        flat.push(c);
    }
    let paths: Option<Vec<String>> = flat
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
                .then(|| format!("/{}", p.replace('.', "/")))
        })
        .collect();
    paths.filter(|p| !p.is_empty())
}

/// The citation without its confirmation mark, as `lang` writes it.
pub fn cite(lang: Lang, b: &LegalBasis) -> String {
    if b.instrument == "REQ" {
        let r = b.reference.as_deref().unwrap_or("");
        if let Some(paths) = requirement_paths(r) {
            let labels: Vec<String> = paths
                .iter()
                .map(|p| {
                    fields::label(lang, "requirements", p)
                        .map(str::to_string)
                        .unwrap_or_else(|| p.trim_start_matches('/').replace(['/', '_'], " "))
                })
                .collect();
            return fill(
                lang,
                "cite_requirements",
                &[("fields", &fields::join_labels(lang, labels, true))],
            );
        }
        if r == "good procurement practice" {
            return t(lang, "cite_good_practice").to_string();
        }
        return r.to_string();
    }
    let name = instrument(&b.instrument)
        .map(|i| pick(lang, i.en, i.de).to_string())
        .unwrap_or_else(|| b.instrument.clone());
    let locator_first =
        lang == Lang::De && instrument(&b.instrument).is_some_and(|i| i.de_locator_first);
    let reference = b.reference.as_deref().map(|r| reference_words(lang, r));
    let mut parts: Vec<String> = Vec::new();
    // A recital goes before the name in German (`Erwägungsgrund 88 Data Act`).
    let recital_first = locator_first
        && b.article.is_none()
        && b.reference
            .as_deref()
            .is_some_and(|r| r.starts_with("recital "));
    match locator(lang, b) {
        Some(loc) if locator_first => {
            parts.push(loc);
            parts.push(name);
        }
        Some(loc) => {
            parts.push(name);
            parts.push(loc);
        }
        None if recital_first => {
            parts.push(reference.clone().unwrap_or_default());
            parts.push(name);
        }
        None => parts.push(name),
    }
    if let Some(r) = reference.filter(|_| !recital_first) {
        parts.push(r);
    }
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A citation split for a list of the legal texts cited: the instrument's name
/// and what of it is cited (`("DSGVO", "Art. 28 Abs. 3 lit. h")`).
pub fn parts(lang: Lang, b: &LegalBasis) -> (String, String) {
    let full = cite(lang, b);
    // Standards are cited by their own name ("ISO/IEC 27001:2022"), good practice
    // is no instrument: the whole citation stands under a heading of its own.
    if b.instrument == "ISO" {
        return (t(lang, "cite_iso_standards").to_string(), full);
    }
    if b.instrument == "REQ" && !full.starts_with(&instrument_name(lang, "REQ")) {
        return (full, String::new());
    }
    let name = instrument_name(lang, &b.instrument);
    let rest = match full.find(&name) {
        Some(i) if !name.is_empty() => {
            format!("{} {}", full[..i].trim(), full[i + name.len()..].trim())
                .trim()
                .trim_start_matches(':')
                .trim()
                .to_string()
        }
        _ => full,
    };
    (name, rest)
}

/// The words for how well a reference is confirmed; none for a confirmed one.
pub fn mark(lang: Lang, c: BasisConfidence) -> Option<&'static str> {
    match c {
        BasisConfidence::Verified => None,
        BasisConfidence::Secondary => Some(t(lang, "evidence_secondary")),
        BasisConfidence::Unverified => Some(t(lang, "evidence_unverified")),
    }
}

/// The citation with its confirmation in words: `GDPR Art. 33(2) (secondary
/// sources only)` / `Art. 33 Abs. 2 DSGVO (nur Sekundärquellen)`.
pub fn cite_marked(lang: Lang, b: &LegalBasis) -> String {
    let c = cite(lang, b);
    match mark(lang, b.confidence) {
        Some(m) => format!("{c} ({m})"),
        None => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn basis(instrument: &str) -> LegalBasis {
        LegalBasis {
            instrument: instrument.into(),
            article: None,
            paragraph: None,
            point: None,
            subparagraph: None,
            reference: None,
            confidence: BasisConfidence::Verified,
            note: None,
        }
    }

    #[test]
    fn laws_follow_each_languages_convention() {
        let mut b = basis("GDPR");
        b.article = Some("28".into());
        b.paragraph = Some("3".into());
        b.point = Some("h".into());
        assert_eq!(cite(Lang::En, &b), "GDPR Art. 28(3)(h)");
        assert_eq!(cite(Lang::De, &b), "Art. 28 Abs. 3 lit. h DSGVO");
        b.point = None;
        b.subparagraph = Some("2".into());
        assert_eq!(cite(Lang::En, &b), "GDPR Art. 28(3), second subparagraph");
        assert_eq!(cite(Lang::De, &b), "Art. 28 Abs. 3 UAbs. 2 DSGVO");
        let mut a = basis("AIA");
        a.article = Some("4".into());
        a.paragraph = Some("1".into());
        assert_eq!(cite(Lang::En, &a), "AI Act Art. 4(1)");
        assert_eq!(cite(Lang::De, &a), "Art. 4 Abs. 1 KI-VO");
        let mut d = basis("DA");
        d.article = Some("2".into());
        d.point = Some("36".into());
        d.confidence = BasisConfidence::Secondary;
        assert_eq!(
            cite_marked(Lang::En, &d),
            "Data Act Art. 2(36) (secondary sources only)"
        );
        assert_eq!(
            cite_marked(Lang::De, &d),
            "Art. 2 Nr. 36 Data Act (nur Sekundärquellen)"
        );
        let mut r = basis("DA");
        r.reference = Some("recital 88".into());
        assert_eq!(cite(Lang::En, &r), "Data Act recital 88");
        assert_eq!(cite(Lang::De, &r), "Erwägungsgrund 88 Data Act");
        let mut s = basis("SGB-V");
        s.article = Some("393".into());
        assert_eq!(cite(Lang::De, &s), "§ 393 SGB V");
        assert_eq!(cite(Lang::En, &s), "SGB V § 393");
    }

    #[test]
    fn guidance_has_its_german_title() {
        let mut g = basis("EDPB-G07");
        g.reference = Some("para 123".into());
        assert_eq!(cite(Lang::En, &g), "EDPB Guidelines 07/2020 para. 123");
        assert_eq!(cite(Lang::De, &g), "EDSA-Leitlinien 07/2020 Rn. 123");
        let mut d = basis("DPF");
        d.reference = Some("Decision (EU) 2023/1795".into());
        assert_eq!(
            cite(Lang::De, &d),
            "Angemessenheitsbeschluss zum EU-US-Datenschutzrahmen (Durchführungsbeschluss (EU) 2023/1795)"
        );
        let mut i = basis("ISO");
        i.reference = Some("ISO/IEC 27001:2022; 3-year cycle".into());
        assert_eq!(
            cite(Lang::En, &i),
            "ISO/IEC 27001:2022 (3-year certification cycle)"
        );
    }

    #[test]
    fn requirements_are_named_by_their_labels() {
        let mut b = basis("REQ");
        b.reference = Some(
            "requirements gpu (models, min_vram_gb, min_gpus_per_instance, require_on_demand), locations"
                .into(),
        );
        assert_eq!(
            cite(Lang::En, &b),
            "Your requirements: GPU models, memory per GPU (GB, at least), GPUs per instance (at least), capacity on demand and allowed locations"
        );
        assert_eq!(
            cite(Lang::De, &b),
            "Ihre Anforderungen: GPU-Modelle, Speicher je GPU (GB, mindestens), GPUs je Instanz (mindestens), Kapazität auf Abruf und Standortvorgaben"
        );
        b.reference = Some("requirements locations (the buyer's location policy)".into());
        assert_eq!(cite(Lang::En, &b), "Your requirements: allowed locations");
        b.reference = Some("requirements commercial.min_sla_pct".into());
        assert_eq!(
            cite(Lang::De, &b),
            "Ihre Anforderungen: Niedrigste SLA-Verfügbarkeit (%)"
        );
        b.reference = Some("good procurement practice".into());
        assert_eq!(cite(Lang::De, &b), "Gute Beschaffungspraxis");
    }
}
