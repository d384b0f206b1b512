//! Friendly labels for the paths of a provider profile, in English and German.
//! A pattern is a path with `*` for a list item; paths without a label fall back
//! to their field name with underscores as spaces.

use crate::i18n::Lang;

/// (pattern, English, German).
const LABELS: &[(&str, &str, &str)] = &[
    // Sections.
    ("/kind", "Profile kind", "Profilart"),
    ("/schema_version", "Schema version", "Schemaversion"),
    ("/id", "Provider ID", "Anbieter-ID"),
    ("/name", "Name", "Name"),
    ("/example_data", "Example data", "Beispieldaten"),
    ("/compiled", "Profile compiled on", "Profil erstellt am"),
    ("/notes", "Notes", "Anmerkungen"),
    ("/identity", "Identity", "Identität"),
    ("/regions", "Region", "Region"),
    ("/offers", "Offer", "Angebot"),
    ("/storage", "Storage price", "Speicherpreis"),
    ("/egress", "Egress price", "Egress-Preis"),
    ("/sla", "SLA", "SLA"),
    ("/dpa", "DPA", "AVV"),
    ("/transfers", "Transfers", "Drittlandübermittlung"),
    ("/certifications", "Certification", "Zertifizierung"),
    ("/codes_of_conduct", "Code of conduct", "Verhaltensregeln"),
    ("/security", "Security", "Sicherheit"),
    ("/sovereignty", "Sovereignty", "Souveränität"),
    ("/data_act", "Data Act", "Data Act"),
    ("/exit", "Exit terms", "Ausstiegsbedingungen"),
    ("/support", "Support", "Support"),
    ("/ai_literacy", "AI literacy", "KI-Kompetenz"),
    ("/energy", "Energy", "Energie"),
    ("/sources", "Source", "Quelle"),
    ("/gaps", "Gap", "Lücke"),
    // Identity.
    (
        "/identity/legal_entity",
        "contracting entity",
        "Vertragspartei",
    ),
    (
        "/identity/hq_country",
        "headquarters country",
        "Land des Hauptsitzes",
    ),
    (
        "/identity/ultimate_parent",
        "ultimate parent",
        "oberste Muttergesellschaft",
    ),
    (
        "/identity/ultimate_parent_country",
        "country of the ultimate parent",
        "Land der obersten Muttergesellschaft",
    ),
    ("/identity/website", "web site", "Website"),
    // Regions and offers.
    ("/regions/*/country", "country", "Land"),
    ("/regions/*/city", "city", "Stadt"),
    ("/regions/*/gpu_models", "GPU model", "GPU-Modell"),
    ("/regions/*/availability", "availability", "Verfügbarkeit"),
    ("/offers/*/region", "region", "Region"),
    ("/offers/*/gpu_model", "GPU model", "GPU-Modell"),
    (
        "/offers/*/gpus_per_instance",
        "GPUs per instance",
        "GPUs je Instanz",
    ),
    (
        "/offers/*/vram_gb",
        "memory per GPU (GB)",
        "Speicher je GPU (GB)",
    ),
    ("/offers/*/interconnect", "interconnect", "GPU-Verbindung"),
    ("/offers/*/currency", "currency", "Währung"),
    (
        "/offers/*/price_on_demand",
        "on-demand price per hour",
        "Preis auf Abruf je Stunde",
    ),
    (
        "/offers/*/price_spot",
        "spot price per hour",
        "Spot-Preis je Stunde",
    ),
    (
        "/offers/*/price_reserved",
        "reserved price",
        "Reservierungspreis",
    ),
    (
        "/offers/*/price_reserved/*/price",
        "price per hour",
        "Preis je Stunde",
    ),
    (
        "/offers/*/billing_increment_seconds",
        "billing increment (seconds)",
        "Abrechnungsintervall (Sekunden)",
    ),
    (
        "/offers/*/minimum_billed_seconds",
        "minimum billed duration (seconds)",
        "Mindestabrechnungsdauer (Sekunden)",
    ),
    (
        "/offers/*/minimum_term_months",
        "minimum term (months)",
        "Mindestlaufzeit (Monate)",
    ),
    ("/offers/*/availability", "availability", "Verfügbarkeit"),
    (
        "/storage/price_per_gb_month",
        "price per GB and month",
        "Preis je GB und Monat",
    ),
    (
        "/egress/free_gb_per_month",
        "free GB per month",
        "freie GB je Monat",
    ),
    ("/egress/tiers", "tier", "Stufe"),
    (
        "/egress/tiers/*/price_per_gb",
        "price per GB",
        "Preis je GB",
    ),
    ("/egress/tiers/*/up_to_gb", "up to GB", "bis GB"),
    (
        "/sla/availability_pct",
        "availability (%)",
        "Verfügbarkeit (%)",
    ),
    ("/sla/service_credits", "service credits", "Gutschriften"),
    // DPA.
    ("/dpa/available", "DPA offered", "AVV angeboten"),
    ("/dpa/url", "address", "Adresse"),
    ("/dpa/version", "version", "Version"),
    ("/dpa/version_date", "version date", "Stand"),
    (
        "/dpa/binding_form",
        "binding form",
        "Form der Verbindlichkeit",
    ),
    (
        "/dpa/processing_description",
        "processing description (Art. 28(3))",
        "Beschreibung der Verarbeitung (Art. 28 Abs. 3)",
    ),
    ("/dpa/clauses", "Art. 28(3)", "Art. 28 Abs. 3"),
    (
        "/dpa/clauses/instructions",
        "(a) only on documented instructions",
        "lit. a nur auf dokumentierte Weisung",
    ),
    (
        "/dpa/clauses/transfer_instructions",
        "(a) instructions cover transfers",
        "lit. a Weisungen umfassen Übermittlungen",
    ),
    (
        "/dpa/clauses/legal_requirement_notice",
        "(a) notice of a legal duty to process otherwise",
        "lit. a Mitteilung abweichender rechtlicher Pflichten",
    ),
    (
        "/dpa/clauses/confidentiality",
        "(b) confidentiality of staff",
        "lit. b Vertraulichkeit des Personals",
    ),
    (
        "/dpa/clauses/security",
        "(c) security measures (Art. 32)",
        "lit. c Sicherheitsmaßnahmen (Art. 32)",
    ),
    (
        "/dpa/clauses/subprocessor_conditions",
        "(d) conditions for sub-processors",
        "lit. d Bedingungen für Unterauftragsverarbeiter",
    ),
    (
        "/dpa/clauses/dsr_assistance",
        "(e) help with data-subject requests",
        "lit. e Unterstützung bei Betroffenenanfragen",
    ),
    (
        "/dpa/clauses/art32_36_assistance",
        "(f) help with Arts. 32–36",
        "lit. f Unterstützung bei Art. 32–36",
    ),
    (
        "/dpa/clauses/delete_or_return",
        "(g) deletion or return",
        "lit. g Löschung oder Rückgabe",
    ),
    (
        "/dpa/clauses/deletion_certificate",
        "(g) deletion confirmation",
        "lit. g Löschbestätigung",
    ),
    (
        "/dpa/clauses/audit",
        "(h) information and audits",
        "lit. h Informationen und Überprüfungen",
    ),
    (
        "/dpa/clauses/inspection_allowed",
        "(h) on-site inspections",
        "lit. h Vor-Ort-Kontrollen",
    ),
    (
        "/dpa/clauses/third_party_reports_accepted",
        "(h) third-party audit reports accepted",
        "lit. h Prüfberichte Dritter anerkannt",
    ),
    (
        "/dpa/clauses/infringing_instruction_notice",
        "notice of infringing instructions",
        "Hinweis auf rechtswidrige Weisungen",
    ),
    ("/dpa/tom_annex", "TOM annex", "TOM-Anlage"),
    (
        "/dpa/subprocessors",
        "sub-processors",
        "Unterauftragsverarbeiter",
    ),
    (
        "/dpa/subprocessors/authorisation",
        "authorisation",
        "Genehmigungsform",
    ),
    (
        "/dpa/subprocessors/change_notice",
        "notice of changes",
        "Ankündigung von Änderungen",
    ),
    (
        "/dpa/subprocessors/notice_days",
        "notice before a change (days)",
        "Vorankündigung einer Änderung (Tage)",
    ),
    (
        "/dpa/subprocessors/objection_right",
        "right to object",
        "Widerspruchsrecht",
    ),
    (
        "/dpa/subprocessors/list_url",
        "list address",
        "Adresse der Liste",
    ),
    (
        "/dpa/subprocessors/flow_down",
        "same obligations passed on (Art. 28(4))",
        "Weitergabe der Pflichten (Art. 28 Abs. 4)",
    ),
    (
        "/dpa/subprocessors/liability",
        "processor stays liable (Art. 28(4))",
        "Haftung des Auftragsverarbeiters (Art. 28 Abs. 4)",
    ),
    (
        "/dpa/subprocessors/all_tiers_listed",
        "all tiers listed",
        "alle Ebenen gelistet",
    ),
    (
        "/dpa/subprocessors/list",
        "sub-processor",
        "Unterauftragsverarbeiter",
    ),
    (
        "/dpa/breach_notice_hours",
        "breach notice (hours)",
        "Meldefrist bei Datenpannen (Stunden)",
    ),
    (
        "/dpa/no_own_purpose_use",
        "no use for the provider's own purposes",
        "keine Nutzung für eigene Zwecke",
    ),
    (
        "/dpa/based_on_scc_2021_915",
        "based on the Commission's clauses 2021/915",
        "beruht auf den Standardvertragsklauseln 2021/915",
    ),
    ("/dpa/governing_law", "governing law", "anwendbares Recht"),
    // Transfers.
    (
        "/transfers/locations_disclosed",
        "all locations disclosed",
        "alle Standorte offengelegt",
    ),
    (
        "/transfers/remote_access_countries",
        "remote access from",
        "Fernzugriff aus",
    ),
    (
        "/transfers/sccs_included",
        "SCCs offered",
        "Standardvertragsklauseln angeboten",
    ),
    ("/transfers/destinations", "destination", "Ziel"),
    (
        "/transfers/tia_available",
        "transfer impact assessment",
        "Transfer-Folgenabschätzung",
    ),
    (
        "/transfers/government_access_policy",
        "policy on government access",
        "Richtlinie zu Behördenzugriffen",
    ),
    // Certifications.
    ("/certifications/*/name", "name", "Name"),
    ("/certifications/*/version", "version", "Version"),
    (
        "/certifications/*/report_type",
        "report type",
        "Berichtstyp",
    ),
    ("/certifications/*/scope", "scope", "Geltungsbereich"),
    (
        "/certifications/*/covers_gpu_service",
        "GPU service in scope",
        "GPU-Dienst im Geltungsbereich",
    ),
    ("/certifications/*/issuer", "issuer", "Aussteller"),
    ("/certifications/*/valid_from", "valid from", "gültig ab"),
    ("/certifications/*/valid_until", "valid until", "gültig bis"),
    ("/certifications/*/evidence_url", "evidence", "Nachweis"),
    // Exit.
    (
        "/exit/notice_period_days",
        "notice period to switch (days)",
        "Kündigungsfrist für den Wechsel (Tage)",
    ),
    (
        "/exit/transition_days",
        "transition period (days)",
        "Übergangszeitraum (Tage)",
    ),
    (
        "/exit/extension_right",
        "right to extend",
        "Verlängerungsrecht",
    ),
    (
        "/exit/retrieval_days",
        "data retrieval period (days)",
        "Abrufzeitraum für Daten (Tage)",
    ),
    (
        "/exit/erasure_guarantee",
        "erasure guaranteed",
        "Löschung zugesichert",
    ),
    (
        "/exit/exportable_spec",
        "export specification",
        "Exportspezifikation",
    ),
    ("/exit/export_formats", "export format", "Exportformat"),
    (
        "/exit/open_api",
        "open export interfaces",
        "offene Exportschnittstellen",
    ),
    ("/exit/switching_fee", "switching charge", "Wechselentgelt"),
    (
        "/exit/egress_waiver_on_exit",
        "egress free or at cost on exit",
        "Egress beim Wechsel frei oder zum Selbstkostenpreis",
    ),
    // Support and others.
    ("/support/languages", "language", "Sprache"),
    ("/support/hours", "hours", "Zeiten"),
    (
        "/support/response_hours",
        "response time (hours)",
        "Reaktionszeit (Stunden)",
    ),
    (
        "/sovereignty/eu_data_residency_commitment",
        "EU data residency commitment",
        "Zusage der Datenhaltung in der EU",
    ),
    (
        "/sovereignty/eu_only_operations",
        "operations only from the EU",
        "Betrieb nur aus der EU",
    ),
    ("/security/gpu_isolation", "GPU isolation", "GPU-Isolation"),
    (
        "/security/customer_managed_keys",
        "customer-managed keys",
        "kundenverwaltete Schlüssel",
    ),
];

/// Every pattern with a label (for tests that check them against the schema).
pub fn patterns() -> impl Iterator<Item = &'static str> {
    LABELS.iter().map(|(p, _, _)| *p)
}

/// The label of one pattern, if it has one.
pub fn lookup(pattern: &str, lang: Lang) -> Option<&'static str> {
    LABELS
        .iter()
        .find(|(p, _, _)| *p == pattern)
        .map(|(_, en, de)| match lang {
            Lang::En => *en,
            Lang::De => *de,
        })
}

/// A field name as words (`notice_days` → `notice days`).
pub fn humanise(field: &str) -> String {
    field.replace('_', " ")
}

/// Words for the kinds of change and the other fixed phrases of the output.
pub struct Words {
    pub added: &'static str,
    pub removed: &'static str,
    pub changed: &'static str,
    pub expired: &'static str,
    pub unknown: &'static str,
    pub third_country: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
}

pub fn words(lang: Lang) -> Words {
    let t = |k| crate::i18n::t(lang, k);
    Words {
        added: t("diff_added"),
        removed: t("diff_removed"),
        changed: t("diff_changed"),
        expired: t("diff_expired"),
        unknown: t("diff_unknown"),
        third_country: t("diff_third_country"),
        yes: t("diff_yes"),
        no: t("diff_no"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for (p, en, de) in LABELS {
            assert!(p.starts_with('/'), "{p}");
            assert!(seen.insert(*p), "duplicate label pattern {p}");
            assert!(!en.is_empty() && !de.is_empty(), "{p}");
        }
    }
}
