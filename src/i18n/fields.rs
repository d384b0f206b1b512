//! Labels of the fields of every input document, in English and German: what
//! people read instead of a field path (`/dpa/clauses/audit` → "Information and
//! audit rights (GDPR Art. 28(3)(h))").
//!
//! One row per field: (document kind, path pattern, English, German). A pattern
//! is the field's path with `*` for a list item or a map key. Parts of the
//! schemas that several fields share are labelled once under a `#` root:
//! `#Fact/…` (a fact's value and provenance), `#Text/…` (a bilingual text),
//! `#Check/…` (the rule packs' check language, which nests). Provenance fields
//! that recur in list items (`source`, `as_of`, `status`, `confidence`, `note`)
//! are labelled once as `**/<name>` under the kind `*`.
//!
//! A test walks every generated schema (`schemas/*.schema.json`) and fails for a
//! field without a label in both languages, and for a label of a field no schema
//! has (`tests::every_schema_field_has_a_label`).

/// (document kind, path pattern, English, German).
pub const FIELDS: &[(&str, &str, &str, &str)] = &[
    // Provenance and shared parts of every document.
    ("*", "**/source", "Source", "Quelle"),
    ("*", "**/as_of", "As of", "Stand"),
    ("*", "**/status", "Evidence", "Nachweisstatus"),
    ("*", "**/confidence", "Research confidence", "Recherchesicherheit"),
    ("*", "**/note", "Note", "Anmerkung"),
    ("*", "**/value", "Value", "Wert"),
    ("*", "#Fact/value", "Value", "Wert"),
    ("*", "#Fact/source", "Source", "Quelle"),
    ("*", "#Fact/as_of", "As of", "Stand"),
    ("*", "#Fact/status", "Evidence", "Nachweisstatus"),
    ("*", "#Fact/confidence", "Research confidence", "Recherchesicherheit"),
    ("*", "#Fact/note", "Note", "Anmerkung"),
    ("*", "#Text/en", "English", "Englisch"),
    ("*", "#Text/de", "German", "Deutsch"),
    ("*", "/kind", "Document kind", "Dokumentart"),
    ("*", "/schema_version", "Schema version", "Schemaversion"),
    // Provider profile.
    ("provider", "/id", "Provider ID", "Anbieter-ID"),
    ("provider", "/name", "Name", "Name"),
    ("provider", "/example_data", "Example data", "Beispieldaten"),
    ("provider", "/compiled", "Profile compiled on", "Profil erstellt am"),
    ("provider", "/notes", "Notes", "Anmerkungen"),
    ("provider", "/identity", "Identity", "Identität"),
    ("provider", "/identity/legal_entity", "Contracting entity", "Vertragspartner"),
    ("provider", "/identity/hq_country", "Country of the headquarters", "Land des Hauptsitzes"),
    ("provider", "/identity/ultimate_parent", "Ultimate parent company", "Oberste Muttergesellschaft"),
    ("provider", "/identity/ultimate_parent_country", "Country of the ultimate parent company", "Land der obersten Muttergesellschaft"),
    ("provider", "/identity/website", "Web site", "Website"),
    ("provider", "/regions", "Regions", "Regionen"),
    ("provider", "/regions/*/id", "Region ID", "Regionskennung"),
    ("provider", "/regions/*/country", "Country", "Land"),
    ("provider", "/regions/*/city", "City or site", "Stadt oder Standort"),
    ("provider", "/regions/*/gpu_models", "GPU models offered", "Angebotene GPU-Modelle"),
    ("provider", "/regions/*/availability", "How capacity is obtained", "Bezug der Kapazität"),
    ("provider", "/regions/*/offers_unconfirmed", "Offers not confirmed for this region", "Angebote für diese Region unbestätigt"),
    ("provider", "/offers", "Offers", "Angebote"),
    ("provider", "/offers/*/id", "Offer ID", "Angebotskennung"),
    ("provider", "/offers/*/instance_type", "Instance type", "Instanztyp"),
    ("provider", "/offers/*/region", "Region", "Region"),
    ("provider", "/offers/*/gpu_model", "GPU model", "GPU-Modell"),
    ("provider", "/offers/*/gpus_per_instance", "GPUs per instance", "GPUs je Instanz"),
    ("provider", "/offers/*/vram_gb", "Memory per GPU (GB)", "Speicher je GPU (GB)"),
    ("provider", "/offers/*/interconnect", "GPU interconnect", "GPU-Verbindung"),
    ("provider", "/offers/*/currency", "Currency", "Währung"),
    ("provider", "/offers/*/price_on_demand", "On-demand price per hour", "On-Demand-Preis je Stunde"),
    ("provider", "/offers/*/price_spot", "Spot price per hour", "Spot-Preis je Stunde"),
    ("provider", "/offers/*/price_reserved", "Reserved prices", "Preise bei Reservierung"),
    ("provider", "/offers/*/price_reserved/*/term_months", "Commitment (months)", "Bindung (Monate)"),
    ("provider", "/offers/*/price_reserved/*/price", "Price per hour", "Preis je Stunde"),
    ("provider", "/offers/*/billing_increment_seconds", "Billing increment (seconds)", "Abrechnungstakt (Sekunden)"),
    ("provider", "/offers/*/minimum_billed_seconds", "Minimum billed duration (seconds)", "Mindestabrechnungsdauer (Sekunden)"),
    ("provider", "/offers/*/minimum_term_months", "Minimum term (months)", "Mindestlaufzeit (Monate)"),
    ("provider", "/offers/*/availability", "How capacity is obtained", "Bezug der Kapazität"),
    ("provider", "/offers/*/imported_from", "Imported from", "Importiert aus"),
    ("provider", "/offers/*/imported_from/catalogue", "Catalogue", "Katalog"),
    ("provider", "/offers/*/imported_from/file", "Catalogue file", "Katalogdatei"),
    ("provider", "/offers/*/imported_from/sha256", "SHA-256 of the catalogue file", "SHA-256 der Katalogdatei"),
    ("provider", "/offers/*/imported_from/commit", "Catalogue commit", "Commit des Katalogs"),
    ("provider", "/offers/*/imported_from/date", "Date of the catalogue file", "Datum der Katalogdatei"),
    ("provider", "/offers/*/imported_from/rows", "Lines in the catalogue file", "Zeilen der Katalogdatei"),
    ("provider", "/offers/*/imported_from/accelerator_name", "Accelerator name in the catalogue", "Beschleunigername im Katalog"),
    ("provider", "/storage", "Storage price", "Speicherpreis"),
    ("provider", "/storage/currency", "Currency", "Währung"),
    ("provider", "/storage/price_per_gb_month", "Storage price per GB and month", "Speicherpreis je GB und Monat"),
    ("provider", "/storage/product", "Storage product", "Speicherprodukt"),
    ("provider", "/egress", "Egress price", "Preis für ausgehenden Datenverkehr"),
    ("provider", "/egress/currency", "Currency", "Währung"),
    ("provider", "/egress/free_gb_per_month", "Free egress per month (GB)", "Freier ausgehender Datenverkehr je Monat (GB)"),
    ("provider", "/egress/tiers", "Egress price tiers", "Preisstufen für ausgehenden Datenverkehr"),
    ("provider", "/egress/tiers/*/up_to_gb", "Up to (GB per month)", "Bis (GB je Monat)"),
    ("provider", "/egress/tiers/*/price_per_gb", "Price per GB", "Preis je GB"),
    ("provider", "/egress/tiers/*/bracket", "Whole volume at this tier's rate", "Gesamtvolumen zum Preis dieser Stufe"),
    ("provider", "/egress/tier_mode", "How the tiers apply", "Anwendung der Stufen"),
    ("provider", "/sla", "Service level agreement (SLA)", "Service-Level-Vereinbarung (SLA)"),
    ("provider", "/sla/availability_pct", "Committed availability (SLA, %)", "Zugesagte Verfügbarkeit (SLA, %)"),
    ("provider", "/sla/service_credits", "Service credits when the SLA is missed", "Gutschriften bei Verfehlen des SLA"),
    ("provider", "/sla/url", "SLA document", "SLA-Dokument"),
    ("provider", "/dpa", "Data processing agreement (DPA)", "Auftragsverarbeitungsvertrag (AVV)"),
    ("provider", "/dpa/available", "A DPA is offered", "AVV wird angeboten"),
    ("provider", "/dpa/url", "DPA document", "AVV-Dokument"),
    ("provider", "/dpa/version", "DPA version", "Version des AVV"),
    ("provider", "/dpa/version_date", "Date of the DPA version", "Stand des AVV"),
    ("provider", "/dpa/binding_form", "How the DPA becomes binding (GDPR Art. 28(9))", "Form der Verbindlichkeit des AVV (Art. 28 Abs. 9 DSGVO)"),
    ("provider", "/dpa/processing_description", "Description of the processing (GDPR Art. 28(3))", "Beschreibung der Verarbeitung (Art. 28 Abs. 3 DSGVO)"),
    ("provider", "/dpa/processing_description/subject_matter", "Subject matter of the processing", "Gegenstand der Verarbeitung"),
    ("provider", "/dpa/processing_description/duration", "Duration of the processing", "Dauer der Verarbeitung"),
    ("provider", "/dpa/processing_description/nature_and_purpose", "Nature and purpose of the processing", "Art und Zweck der Verarbeitung"),
    ("provider", "/dpa/processing_description/data_types", "Types of personal data", "Art der personenbezogenen Daten"),
    ("provider", "/dpa/processing_description/data_subject_categories", "Categories of data subjects", "Kategorien betroffener Personen"),
    ("provider", "/dpa/processing_description/controller_rights", "Obligations and rights of the controller", "Pflichten und Rechte des Verantwortlichen"),
    ("provider", "/dpa/clauses", "Clauses of GDPR Art. 28(3)", "Klauseln nach Art. 28 Abs. 3 DSGVO"),
    ("provider", "/dpa/clauses/instructions", "Processing only on documented instructions (GDPR Art. 28(3)(a))", "Verarbeitung nur auf dokumentierte Weisung (Art. 28 Abs. 3 lit. a DSGVO)"),
    ("provider", "/dpa/clauses/transfer_instructions", "Instructions also cover third-country transfers (GDPR Art. 28(3)(a))", "Weisungen auch für Drittlandübermittlungen (Art. 28 Abs. 3 lit. a DSGVO)"),
    ("provider", "/dpa/clauses/legal_requirement_notice", "Notice of a legal duty to process otherwise (GDPR Art. 28(3)(a))", "Mitteilung einer rechtlichen Pflicht zu abweichender Verarbeitung (Art. 28 Abs. 3 lit. a DSGVO)"),
    ("provider", "/dpa/clauses/confidentiality", "Confidentiality of the persons authorised to process (GDPR Art. 28(3)(b))", "Verpflichtung der befugten Personen auf Vertraulichkeit (Art. 28 Abs. 3 lit. b DSGVO)"),
    ("provider", "/dpa/clauses/security", "Security measures under Art. 32 (GDPR Art. 28(3)(c))", "Sicherheitsmaßnahmen nach Art. 32 (Art. 28 Abs. 3 lit. c DSGVO)"),
    ("provider", "/dpa/clauses/subprocessor_conditions", "Conditions for engaging sub-processors (GDPR Art. 28(3)(d))", "Bedingungen für Unterauftragsverarbeiter (Art. 28 Abs. 3 lit. d DSGVO)"),
    ("provider", "/dpa/clauses/dsr_assistance", "Assistance with data-subject requests (GDPR Art. 28(3)(e))", "Unterstützung bei Anträgen betroffener Personen (Art. 28 Abs. 3 lit. e DSGVO)"),
    ("provider", "/dpa/clauses/art32_36_assistance", "Assistance with security, breach notification, DPIA and prior consultation (GDPR Art. 28(3)(f))", "Unterstützung bei Sicherheit, Meldung von Datenschutzverletzungen, DSFA und vorheriger Konsultation (Art. 28 Abs. 3 lit. f DSGVO)"),
    ("provider", "/dpa/clauses/delete_or_return", "Deletion or return of the data at the end (GDPR Art. 28(3)(g))", "Löschung oder Rückgabe der Daten nach Vertragsende (Art. 28 Abs. 3 lit. g DSGVO)"),
    ("provider", "/dpa/clauses/deletion_certificate", "Written confirmation of the deletion (GDPR Art. 28(3)(g))", "Schriftliche Löschbestätigung (Art. 28 Abs. 3 lit. g DSGVO)"),
    ("provider", "/dpa/clauses/audit", "Information and audit rights (GDPR Art. 28(3)(h))", "Informations- und Kontrollrechte (Art. 28 Abs. 3 lit. h DSGVO)"),
    ("provider", "/dpa/clauses/inspection_allowed", "On-site inspections (GDPR Art. 28(3)(h))", "Kontrollen vor Ort (Art. 28 Abs. 3 lit. h DSGVO)"),
    ("provider", "/dpa/clauses/third_party_reports_accepted", "Third-party audit reports instead of own audits (GDPR Art. 28(3)(h))", "Prüfberichte Dritter anstelle eigener Kontrollen (Art. 28 Abs. 3 lit. h DSGVO)"),
    ("provider", "/dpa/clauses/infringing_instruction_notice", "Immediate notice of an infringing instruction (GDPR Art. 28(3), second subparagraph)", "Unverzüglicher Hinweis auf rechtswidrige Weisungen (Art. 28 Abs. 3 UAbs. 2 DSGVO)"),
    ("provider", "/dpa/tom_annex", "Annex of technical and organisational measures (TOM)", "Anlage zu den technischen und organisatorischen Maßnahmen (TOM)"),
    ("provider", "/dpa/tom_annex/concrete", "TOM annex describes concrete measures", "TOM-Anlage beschreibt konkrete Maßnahmen"),
    ("provider", "/dpa/tom_annex/change_approval", "Changes to the TOM need your approval", "Änderungen der TOM bedürfen Ihrer Zustimmung"),
    ("provider", "/dpa/tom_annex/review_interval_months", "Review interval of the TOM (months)", "Überprüfungsintervall der TOM (Monate)"),
    ("provider", "/dpa/subprocessors", "Sub-processors", "Unterauftragsverarbeiter"),
    ("provider", "/dpa/subprocessors/authorisation", "Authorisation of sub-processors (specific or general)", "Genehmigung von Unterauftragsverarbeitern (gesondert oder allgemein)"),
    ("provider", "/dpa/subprocessors/change_notice", "Advance notice of sub-processor changes", "Vorabinformation über Änderungen bei Unterauftragsverarbeitern"),
    ("provider", "/dpa/subprocessors/notice_days", "Notice period for sub-processor changes (days)", "Ankündigungsfrist für Änderungen bei Unterauftragsverarbeitern (Tage)"),
    ("provider", "/dpa/subprocessors/objection_right", "Right to object to a new sub-processor", "Widerspruchsrecht gegen neue Unterauftragsverarbeiter"),
    ("provider", "/dpa/subprocessors/list_url", "Published list of sub-processors", "Veröffentlichte Liste der Unterauftragsverarbeiter"),
    ("provider", "/dpa/subprocessors/flow_down", "Same obligations passed on to sub-processors (GDPR Art. 28(4))", "Weitergabe derselben Pflichten an Unterauftragsverarbeiter (Art. 28 Abs. 4 DSGVO)"),
    ("provider", "/dpa/subprocessors/liability", "Processor stays liable for its sub-processors (GDPR Art. 28(4))", "Haftung des Auftragsverarbeiters für Unterauftragsverarbeiter (Art. 28 Abs. 4 DSGVO)"),
    ("provider", "/dpa/subprocessors/all_tiers_listed", "List covers sub-processors of every tier", "Liste umfasst Unterauftragsverarbeiter aller Ebenen"),
    ("provider", "/dpa/subprocessors/list", "Sub-processors listed", "Gelistete Unterauftragsverarbeiter"),
    ("provider", "/dpa/subprocessors/list/*/name", "Name", "Name"),
    ("provider", "/dpa/subprocessors/list/*/country", "Country of processing", "Land der Verarbeitung"),
    ("provider", "/dpa/subprocessors/list/*/function", "Function", "Tätigkeit"),
    ("provider", "/dpa/breach_notice_hours", "Deadline to report a data breach to you (hours)", "Frist für die Meldung von Datenschutzverletzungen an Sie (Stunden)"),
    ("provider", "/dpa/no_own_purpose_use", "No use of your data for the provider's own purposes", "Keine Nutzung Ihrer Daten für eigene Zwecke des Anbieters"),
    ("provider", "/dpa/based_on_scc_2021_915", "DPA based on the Commission's standard contractual clauses 2021/915", "AVV auf Grundlage der Standardvertragsklauseln 2021/915 der Kommission"),
    ("provider", "/dpa/governing_law", "Law governing the DPA", "Auf den AVV anwendbares Recht"),
    ("provider", "/transfers", "Third-country transfers (GDPR Chapter V)", "Drittlandübermittlungen (Kapitel V DSGVO)"),
    ("provider", "/transfers/locations_disclosed", "All storage, processing and backup locations disclosed", "Alle Speicher-, Verarbeitungs- und Backup-Standorte offengelegt"),
    ("provider", "/transfers/remote_access_countries", "Countries with remote access to your data", "Länder mit Fernzugriff auf Ihre Daten"),
    ("provider", "/transfers/sccs_included", "Standard contractual clauses (SCC) offered for transfers", "Standardvertragsklauseln (SCC) für Übermittlungen angeboten"),
    ("provider", "/transfers/destinations", "Transfers to third countries", "Übermittlungen in Drittländer"),
    ("provider", "/transfers/destinations/*/country", "Destination country", "Zielland"),
    ("provider", "/transfers/destinations/*/purpose", "Purpose", "Zweck"),
    ("provider", "/transfers/destinations/*/tool", "Transfer tool (GDPR Chapter V)", "Übermittlungsinstrument (Kapitel V DSGVO)"),
    ("provider", "/transfers/destinations/*/scc_module", "SCC module", "SCC-Modul"),
    ("provider", "/transfers/destinations/*/dpf_listed", "Importer listed under the EU-US Data Privacy Framework", "Empfänger im EU-US-Datenschutzrahmen gelistet"),
    ("provider", "/transfers/tia_available", "Transfer impact assessment (TIA) provided or supported", "Transfer-Folgenabschätzung (TIA) bereitgestellt oder unterstützt"),
    ("provider", "/transfers/government_access_policy", "Policy on government access requests", "Richtlinie zu Behördenanfragen"),
    ("provider", "/transfers/transparency_report_url", "Transparency report on government requests", "Transparenzbericht zu Behördenanfragen"),
    ("provider", "/certifications", "Certifications and attestations", "Zertifizierungen und Testate"),
    ("provider", "/certifications/*/scheme", "Scheme", "Standard"),
    ("provider", "/certifications/*/name", "Name", "Bezeichnung"),
    ("provider", "/certifications/*/version", "Edition", "Ausgabe"),
    ("provider", "/certifications/*/report_type", "Report type", "Berichtstyp"),
    ("provider", "/certifications/*/level", "Level", "Stufe"),
    ("provider", "/certifications/*/scope", "Scope", "Geltungsbereich"),
    ("provider", "/certifications/*/covers_gpu_service", "GPU service within the scope", "GPU-Dienst im Geltungsbereich"),
    ("provider", "/certifications/*/issuer", "Certification body or auditor", "Zertifizierungsstelle oder Prüfer"),
    ("provider", "/certifications/*/accredited", "Accreditation of the certification body", "Akkreditierung der Zertifizierungsstelle"),
    ("provider", "/certifications/*/valid_from", "Valid from (or start of the audit period)", "Gültig ab (bzw. Beginn des Prüfzeitraums)"),
    ("provider", "/certifications/*/valid_until", "Valid until", "Gültig bis"),
    ("provider", "/certifications/*/period_end", "End of the audit period", "Ende des Prüfzeitraums"),
    ("provider", "/certifications/*/bridge_letter_until", "Bridge letter until", "Brückenerklärung bis"),
    ("provider", "/certifications/*/covers_offered_locations", "Every offered location within the scope", "Alle angebotenen Standorte im Geltungsbereich"),
    ("provider", "/certifications/*/evidence_url", "Certificate, report or register entry", "Zertifikat, Bericht oder Registereintrag"),
    ("provider", "/certifications_complete", "Certification list declared complete", "Liste der Zertifizierungen als vollständig erklärt"),
    ("provider", "/codes_of_conduct", "Codes of conduct (GDPR Art. 40)", "Verhaltensregeln (Art. 40 DSGVO)"),
    ("provider", "/codes_of_conduct/*/code", "Code", "Verhaltensregel"),
    ("provider", "/codes_of_conduct/*/name", "Name", "Bezeichnung"),
    ("provider", "/codes_of_conduct/*/version", "Version of the code", "Version der Verhaltensregel"),
    ("provider", "/codes_of_conduct/*/level", "Compliance level", "Konformitätsstufe"),
    ("provider", "/codes_of_conduct/*/verification_id", "Register or verification ID", "Register- oder Prüfkennung"),
    ("provider", "/codes_of_conduct/*/register_url", "Public register entry", "Eintrag im öffentlichen Register"),
    ("provider", "/codes_of_conduct/*/covers_gpu_service", "GPU service covered", "GPU-Dienst erfasst"),
    ("provider", "/codes_of_conduct/*/valid_until", "Valid until", "Gültig bis"),
    ("provider", "/codes_of_conduct_complete", "List of codes of conduct declared complete", "Liste der Verhaltensregeln als vollständig erklärt"),
    ("provider", "/security", "Security of processing (GDPR Art. 32)", "Sicherheit der Verarbeitung (Art. 32 DSGVO)"),
    ("provider", "/security/encryption_at_rest", "Encryption at rest", "Verschlüsselung gespeicherter Daten"),
    ("provider", "/security/encryption_in_transit", "Encryption in transit", "Verschlüsselung bei der Übertragung"),
    ("provider", "/security/customer_managed_keys", "Customer-managed keys (BYOK)", "Kundenverwaltete Schlüssel (BYOK)"),
    ("provider", "/security/hold_your_own_key", "Keys held by you outside the provider (HYOK)", "Schlüssel bei Ihnen außerhalb des Anbieters (HYOK)"),
    ("provider", "/security/key_location", "Country of the key custody", "Land der Schlüsselverwahrung"),
    ("provider", "/security/redundancy", "Redundancy across zones or sites", "Redundanz über Zonen oder Standorte"),
    ("provider", "/security/backup", "Backups", "Datensicherung"),
    ("provider", "/security/rto_hours", "Recovery time objective (hours)", "Wiederanlaufzeit (RTO, Stunden)"),
    ("provider", "/security/rpo_hours", "Recovery point objective (hours)", "Maximal tolerierter Datenverlust (RPO, Stunden)"),
    ("provider", "/security/pentest_interval_months", "Interval between penetration tests (months)", "Abstand der Penetrationstests (Monate)"),
    ("provider", "/security/gpu_isolation", "Tenant isolation on GPUs", "Mandantentrennung auf GPUs"),
    ("provider", "/security/controls", "Further security controls", "Weitere Sicherheitsmaßnahmen"),
    ("provider", "/sovereignty", "Location and sovereignty", "Standort und Souveränität"),
    ("provider", "/sovereignty/eu_data_residency_commitment", "Contractual commitment to keep data at rest in the EU/EEA", "Vertragliche Zusage, gespeicherte Daten in der EU/im EWR zu halten"),
    ("provider", "/sovereignty/eu_only_operations", "Operations and support only from the EU/EEA", "Betrieb und Support nur aus der EU/dem EWR"),
    ("provider", "/sovereignty/sovereign_offer", "Sovereign offer", "Souveränes Angebot"),
    ("provider", "/sovereignty/contract_governing_law", "Law governing the customer agreement", "Auf den Kundenvertrag anwendbares Recht"),
    ("provider", "/sovereignty/contract_courts", "Courts for disputes under the customer agreement", "Gerichtsstand des Kundenvertrags"),
    ("provider", "/sovereignty/control_change_notice_days", "Notice before a change of control (days)", "Vorankündigung eines Kontrollwechsels (Tage)"),
    ("provider", "/sovereignty/extraterritorial_assessment", "Yearly assessment of non-EU laws with cross-border effect", "Jährliche Bewertung von Nicht-EU-Recht mit extraterritorialer Wirkung"),
    ("provider", "/sovereignty/germany_only_data_option", "Option to keep the data in Germany only", "Option, die Daten nur in Deutschland zu halten"),
    ("provider", "/sovereignty/disconnect_tested", "Tested ability to cut non-EU connections", "Erprobte Abtrennung von Nicht-EU-Verbindungen"),
    ("provider", "/data_act", "Data Act disclosures", "Angaben nach dem Data Act"),
    ("provider", "/data_act/switching_terms_url", "Written switching terms before signing (Data Act Art. 25(1))", "Schriftliche Wechselbedingungen vor Vertragsschluss (Art. 25 Abs. 1 Data Act)"),
    ("provider", "/data_act/jurisdiction_disclosure_url", "Published jurisdiction of the ICT infrastructure (Data Act Art. 28(1)(a))", "Veröffentlichte Rechtsordnung der IKT-Infrastruktur (Art. 28 Abs. 1 lit. a Data Act)"),
    ("provider", "/data_act/art32_measures_url", "Measures against unlawful third-country access (Data Act Art. 28(1)(b), 32)", "Maßnahmen gegen unrechtmäßigen Zugriff aus Drittländern (Art. 28 Abs. 1 lit. b, Art. 32 Data Act)"),
    ("provider", "/data_act/disclosure_listed_in_contract", "Contract lists the websites with these disclosures (Data Act Art. 28(2))", "Vertrag nennt die Websites mit diesen Angaben (Art. 28 Abs. 2 Data Act)"),
    ("provider", "/data_act/exemptions_disclosed", "Claimed exemptions disclosed before contract (Data Act Art. 31(3))", "Beanspruchte Ausnahmen vor Vertragsschluss offengelegt (Art. 31 Abs. 3 Data Act)"),
    ("provider", "/exit", "Exit and switching terms", "Ausstiegs- und Wechselbedingungen"),
    ("provider", "/exit/notice_period_days", "Notice period to start switching (days)", "Kündigungsfrist für den Anbieterwechsel (Tage)"),
    ("provider", "/exit/transition_days", "Transition period (days)", "Übergangszeitraum (Tage)"),
    ("provider", "/exit/extension_right", "Right to extend the transition once", "Recht auf einmalige Verlängerung des Übergangs"),
    ("provider", "/exit/retrieval_days", "Period to retrieve the data after the transition (days)", "Frist zum Abruf der Daten nach dem Übergang (Tage)"),
    ("provider", "/exit/erasure_guarantee", "Full erasure after retrieval guaranteed", "Vollständige Löschung nach dem Abruf zugesichert"),
    ("provider", "/exit/exportable_spec", "Specification of exportable data and assets", "Spezifikation der exportierbaren Daten und digitalen Vermögenswerte"),
    ("provider", "/exit/export_formats", "Export formats", "Exportformate"),
    ("provider", "/exit/format_register_url", "Online register of data formats and standards", "Online-Register der Datenformate und Standards"),
    ("provider", "/exit/open_api", "Open, documented export interfaces", "Offene, dokumentierte Exportschnittstellen"),
    ("provider", "/exit/switching_fee", "Switching charges", "Wechselentgelte"),
    ("provider", "/exit/egress_waiver_on_exit", "Egress on exit free or at cost (superseded)", "Datenexport beim Wechsel kostenfrei oder zum Selbstkostenpreis (überholt)"),
    ("provider", "/exit/switching_egress", "Egress charges for the exit copy when switching", "Entgelte für den Datenexport beim Anbieterwechsel"),
    ("provider", "/exit/parallel_use_egress", "Egress charges for parallel (multi-cloud) use", "Entgelte für den Datenexport bei paralleler Nutzung (Multi-Cloud)"),
    ("provider", "/support", "Support", "Support"),
    ("provider", "/support/languages", "Support languages", "Supportsprachen"),
    ("provider", "/support/hours", "Support hours", "Supportzeiten"),
    ("provider", "/support/ai_workload_experience", "Experience with AI and GPU workloads", "Erfahrung mit KI- und GPU-Lasten"),
    ("provider", "/support/response_hours", "Guaranteed first response (hours)", "Zugesagte Reaktionszeit (Stunden)"),
    ("provider", "/ai_literacy", "AI Act role and AI literacy", "Rolle nach der KI-VO und KI-Kompetenz"),
    ("provider", "/ai_literacy/ai_act_role", "Role under the AI Act", "Rolle nach der KI-Verordnung"),
    ("provider", "/ai_literacy/staff_programme", "AI-literacy measures for its own staff", "Maßnahmen zur KI-Kompetenz des eigenen Personals"),
    ("provider", "/ai_literacy/records", "AI-literacy measures documented", "Maßnahmen zur KI-Kompetenz dokumentiert"),
    ("provider", "/ai_literacy/customer_material_url", "Material for your own AI-literacy duty", "Material für Ihre eigene Pflicht zur KI-Kompetenz"),
    ("provider", "/energy", "Energy efficiency", "Energieeffizienz"),
    ("provider", "/energy/pue", "Power usage effectiveness (PUE)", "Energieeffizienz der Rechenzentren (PUE)"),
    ("provider", "/energy/renewable_pct", "Share of renewable electricity (%)", "Anteil erneuerbaren Stroms (%)"),
    ("provider", "/energy/eed_reported", "Reported to the European data-centre database", "An die europäische Rechenzentrumsdatenbank gemeldet"),
    ("provider", "/sources", "Sources consulted", "Herangezogene Quellen"),
    ("provider", "/gaps", "Gaps in the sources", "Lücken in den Quellen"),
    // Requirements.
    ("requirements", "/title", "Title of the procurement", "Titel der Beschaffung"),
    ("requirements", "/organisation", "Organisation", "Organisation"),
    ("requirements", "/evaluation_date", "Evaluation date", "Stichtag"),
    ("requirements", "/data", "Data processed", "Verarbeitete Daten"),
    ("requirements", "/data/personal_data", "Personal data processed", "Personenbezogene Daten werden verarbeitet"),
    ("requirements", "/data/special_categories", "Special categories of personal data (GDPR Art. 9)", "Besondere Kategorien personenbezogener Daten (Art. 9 DSGVO)"),
    ("requirements", "/data/health_or_social_data", "Health or social data (§ 393 SGB V)", "Gesundheits- oder Sozialdaten (§ 393 SGB V)"),
    ("requirements", "/data/sovereignty", "Sovereignty need", "Souveränitätsbedarf"),
    ("requirements", "/locations", "Allowed locations", "Standortvorgaben"),
    ("requirements", "/locations/allow_eea", "Every EU/EEA country allowed", "Alle Länder der EU/des EWR zulässig"),
    ("requirements", "/locations/allowed_countries", "Allowed countries", "Zulässige Länder"),
    ("requirements", "/must_have_certifications", "Certifications required", "Geforderte Zertifizierungen"),
    ("requirements", "/open_must_haves", "What an open must-have does", "Umgang mit offenen Muss-Kriterien"),
    ("requirements", "/gpu", "GPU needs", "GPU-Bedarf"),
    ("requirements", "/gpu/models", "GPU models", "GPU-Modelle"),
    ("requirements", "/gpu/min_vram_gb", "Memory per GPU (GB, at least)", "Speicher je GPU (GB, mindestens)"),
    ("requirements", "/gpu/min_gpus_per_instance", "GPUs per instance (at least)", "GPUs je Instanz (mindestens)"),
    ("requirements", "/gpu/require_on_demand", "Capacity on demand", "Kapazität auf Abruf"),
    ("requirements", "/gpu/want_spot", "Spot capacity wanted", "Spot-Kapazität gewünscht"),
    ("requirements", "/commercial", "Commercial terms", "Kommerzielle Bedingungen"),
    ("requirements", "/commercial/max_billing_increment_seconds", "Longest billing increment (seconds)", "Längster Abrechnungstakt (Sekunden)"),
    ("requirements", "/commercial/max_minimum_term_months", "Longest minimum term (months)", "Längste Mindestlaufzeit (Monate)"),
    ("requirements", "/commercial/min_sla_pct", "Lowest SLA availability (%)", "Niedrigste SLA-Verfügbarkeit (%)"),
    ("requirements", "/commercial/german_support", "Support in German", "Support auf Deutsch"),
    ("requirements", "/commercial/min_subprocessor_notice_days", "Shortest notice of sub-processor changes (days)", "Kürzester Ankündigungsfrist für Änderungen bei Unterauftragsverarbeitern (Tage)"),
    ("requirements", "/commercial/max_breach_notice_hours", "Longest deadline to report a data breach (hours)", "Längste Frist für die Meldung von Datenschutzverletzungen (Stunden)"),
    ("requirements", "/area_weights", "Weights of the areas", "Gewichte der Bereiche"),
    ("requirements", "/rule_overrides", "Rule changes", "Regeländerungen"),
    ("requirements", "/rule_overrides/*/rule", "Rule", "Regel"),
    ("requirements", "/rule_overrides/*/set", "New severity", "Neuer Schweregrad"),
    ("requirements", "/rule_overrides/*/reason", "Reason", "Begründung"),
    ("requirements", "/max_evidence_age_months", "Oldest evidence accepted (months)", "Ältester akzeptierter Nachweis (Monate)"),
    ("requirements", "/waivers", "Waivers", "Ausnahmen"),
    ("requirements", "/waivers/*/rule", "Rule", "Regel"),
    ("requirements", "/waivers/*/provider", "Provider", "Anbieter"),
    ("requirements", "/waivers/*/justification", "Justification", "Begründung"),
    ("requirements", "/waivers/*/approved_by", "Approved by", "Genehmigt von"),
    ("requirements", "/waivers/*/expires", "Expires", "Gültig bis"),
    ("requirements", "/currency", "Currency", "Währung"),
    ("requirements", "/currency/report", "Report currency", "Berichtswährung"),
    ("requirements", "/currency/rates", "Exchange rates", "Wechselkurse"),
    ("requirements", "/currency/rates/*/from", "From currency", "Ausgangswährung"),
    ("requirements", "/currency/rates/*/rate", "Rate", "Kurs"),
    ("requirements", "/currency/rates/*/date", "Date of the rate", "Datum des Kurses"),
    ("requirements", "/robustness", "Robustness analysis", "Robustheitsanalyse"),
    ("requirements", "/robustness/samples", "Number of draws", "Anzahl der Stichproben"),
    ("requirements", "/robustness/seed", "Seed", "Startwert"),
    ("requirements", "/robustness/weight_spread_pct", "Spread of the weights (%)", "Schwankungsbreite der Gewichte (%)"),
    ("requirements", "/sovereignty_seal", "Sovereignty levels (SEAL)", "Souveränitätsstufen (SEAL)"),
    ("requirements", "/sovereignty_seal/min_seal", "Minimum SEAL level per objective", "Mindeststufe (SEAL) je Ziel"),
    ("requirements", "/sovereignty_seal/weights", "Weights of the sovereignty objectives", "Gewichte der Souveränitätsziele"),
    ("requirements", "/c3a", "BSI C3A criteria", "BSI-C3A-Kriterien"),
    ("requirements", "/c3a/variant", "C3A variant (EU or Germany)", "C3A-Variante (EU oder Deutschland)"),
    ("requirements", "/c3a/must_have", "C3A criteria are must-haves", "C3A-Kriterien sind Muss-Kriterien"),
    // Workload.
    ("workload", "/name", "Name", "Name"),
    ("workload", "/description", "Description", "Beschreibung"),
    ("workload", "/job", "Kind of job", "Art des Auftrags"),
    ("workload", "/work", "Amount of work", "Arbeitsumfang"),
    ("workload", "/work/unit", "Unit of work", "Arbeitseinheit"),
    ("workload", "/work/per_epoch", "Work per epoch", "Arbeit je Epoche"),
    ("workload", "/work/epochs", "Epochs", "Epochen"),
    ("workload", "/work/per_month", "Work per month", "Arbeit je Monat"),
    ("workload", "/work/months", "Months of operation", "Betriebsmonate"),
    ("workload", "/throughput", "Throughput", "Durchsatz"),
    ("workload", "/throughput/measured", "Measured test run", "Gemessener Testlauf"),
    ("workload", "/throughput/measured/gpu_model", "GPU model of the test run", "GPU-Modell des Testlaufs"),
    ("workload", "/throughput/measured/gpu_count", "GPUs in the test run", "GPUs im Testlauf"),
    ("workload", "/throughput/measured/work_done", "Work done in the test run", "Arbeit im Testlauf"),
    ("workload", "/throughput/measured/wall_seconds", "Duration of the test run (seconds)", "Dauer des Testlaufs (Sekunden)"),
    ("workload", "/throughput/measured/precision", "Numeric precision", "Rechengenauigkeit"),
    ("workload", "/throughput/benchmark", "Benchmark", "Benchmark"),
    ("workload", "/throughput/benchmark/name", "Benchmark name", "Name des Benchmarks"),
    ("workload", "/throughput/benchmark/scenario", "Benchmark scenario", "Benchmark-Szenario"),
    ("workload", "/throughput/benchmark/reference_gpu", "Reference GPU model", "Referenz-GPU-Modell"),
    ("workload", "/throughput/benchmark/reference_gpu_count", "GPUs of the reference rows", "GPUs der Referenzzeilen"),
    ("workload", "/gpus_per_job", "GPUs per job", "GPUs je Auftrag"),
    ("workload", "/scaling_efficiency", "Scaling efficiency per doubling of GPUs", "Skalierungseffizienz je Verdopplung der GPUs"),
    ("workload", "/data", "Data at the provider", "Daten beim Anbieter"),
    ("workload", "/data/dataset_gb", "Dataset (GB)", "Datensatz (GB)"),
    ("workload", "/data/checkpoint_gb", "Size of one checkpoint (GB)", "Größe eines Checkpoints (GB)"),
    ("workload", "/data/checkpoints_kept", "Checkpoints kept", "Aufbewahrte Checkpoints"),
    ("workload", "/data/storage_months", "Storage period (months)", "Speicherdauer (Monate)"),
    ("workload", "/data/egress_gb", "One-off egress (GB)", "Einmaliger Datenexport (GB)"),
    ("workload", "/operation", "Operation after the job", "Betrieb nach dem Auftrag"),
    ("workload", "/operation/gpu_model", "GPU model in operation", "GPU-Modell im Betrieb"),
    ("workload", "/operation/gpus", "GPUs in operation", "GPUs im Betrieb"),
    ("workload", "/operation/hours_per_month", "Hours per month", "Stunden je Monat"),
    ("workload", "/operation/months", "Months of operation", "Betriebsmonate"),
    ("workload", "/operation/egress_gb_per_month", "Egress per month of operation (GB)", "Datenexport je Betriebsmonat (GB)"),
    ("workload", "/buffer_pct", "Reserve for reruns (%)", "Reserve für Wiederholungen (%)"),
    ("workload", "/spot", "Spot capacity", "Spot-Kapazität"),
    ("workload", "/spot/accepted", "Spot capacity accepted", "Spot-Kapazität akzeptiert"),
    ("workload", "/spot/checkpoint_interval_minutes", "Checkpoint interval (minutes)", "Checkpoint-Intervall (Minuten)"),
    ("workload", "/spot/restart_minutes", "Restart after an interruption (minutes)", "Neustart nach einer Unterbrechung (Minuten)"),
    ("workload", "/spot/interruptions_per_100_hours", "Interruptions per 100 hours", "Unterbrechungen je 100 Stunden"),
    ("workload", "/uncertainty", "Throughput uncertainty", "Unsicherheit des Durchsatzes"),
    ("workload", "/uncertainty/measured_pct", "Uncertainty on the measured GPU (%)", "Unsicherheit auf der gemessenen GPU (%)"),
    ("workload", "/uncertainty/benchmark_pct", "Uncertainty from benchmark rows (%)", "Unsicherheit aus Benchmark-Zeilen (%)"),
    // DPA review.
    ("dpa_review", "/provider", "Provider", "Anbieter"),
    ("dpa_review", "/document", "Reviewed document", "Geprüftes Dokument"),
    ("dpa_review", "/document/file_name", "File name", "Dateiname"),
    ("dpa_review", "/document/sha256", "SHA-256 of the document", "SHA-256 des Dokuments"),
    ("dpa_review", "/document/language", "Language", "Sprache"),
    ("dpa_review", "/document/version", "DPA version", "Version des AVV"),
    ("dpa_review", "/document/date", "Date of the DPA", "Datum des AVV"),
    ("dpa_review", "/document/parties", "Parties", "Vertragsparteien"),
    ("dpa_review", "/document/document_type", "Kind of document", "Art des Dokuments"),
    ("dpa_review", "/elements", "Elements of GDPR Art. 28", "Elemente nach Art. 28 DSGVO"),
    ("dpa_review", "/elements/*/element", "Element", "Element"),
    ("dpa_review", "/elements/*/scan", "Scanner result", "Ergebnis des Scanners"),
    ("dpa_review", "/elements/*/scan/section", "Section", "Abschnitt"),
    ("dpa_review", "/elements/*/scan/line_start", "First line", "Erste Zeile"),
    ("dpa_review", "/elements/*/scan/line_end", "Last line", "Letzte Zeile"),
    ("dpa_review", "/elements/*/scan/page", "Page", "Seite"),
    ("dpa_review", "/elements/*/scan/page_line", "Line on the page", "Zeile auf der Seite"),
    ("dpa_review", "/elements/*/scan/passage", "Passage", "Textstelle"),
    ("dpa_review", "/elements/*/scan/matched_terms", "Matched terms", "Gefundene Begriffe"),
    ("dpa_review", "/elements/*/scan/unclear_reason", "Why the result is unclear", "Warum das Ergebnis unklar ist"),
    ("dpa_review", "/elements/*/verdict", "Verdict", "Bewertung"),
    ("dpa_review", "/elements/*/comment", "Comment", "Kommentar"),
    ("dpa_review", "/elements/*/reviewer", "Reviewer", "Prüfer"),
    ("dpa_review", "/elements/*/date", "Date", "Datum"),
    ("dpa_review", "/figures", "Figures from the DPA", "Angaben aus dem AVV"),
    ("dpa_review", "/figures/subprocessor_notice_days", "Notice period for sub-processor changes (days)", "Ankündigungsfrist für Änderungen bei Unterauftragsverarbeitern (Tage)"),
    ("dpa_review", "/figures/subprocessor_notice_count", "How the notice period is counted (calendar or business days)", "Zählweise der Ankündigungsfrist (Kalender- oder Werktage)"),
    ("dpa_review", "/figures/objection_window_days", "Time to object to a new sub-processor (days)", "Frist für den Einspruch gegen einen neuen Unterauftragsverarbeiter (Tage)"),
    ("dpa_review", "/figures/objection_window_count", "How the objection window is counted (calendar or business days)", "Zählweise der Einspruchsfrist (Kalender- oder Werktage)"),
    ("dpa_review", "/figures/breach_notice_hours", "Deadline to report a data breach (hours)", "Frist für die Meldung von Datenschutzverletzungen (Stunden)"),
    ("dpa_review", "/figures/scc_module", "SCC module", "SCC-Modul"),
    ("dpa_review", "/figures/governing_law", "Governing law", "Anwendbares Recht"),
    ("dpa_review", "/sign_off", "Sign-off", "Freigabe"),
    ("dpa_review", "/sign_off/name", "Name", "Name"),
    ("dpa_review", "/sign_off/role", "Role", "Funktion"),
    ("dpa_review", "/sign_off/date", "Date", "Datum"),
    ("dpa_review", "/sign_off/decision", "Decision", "Entscheidung"),
    ("dpa_review", "/sign_off/comment", "Conditions or remarks", "Auflagen oder Anmerkungen"),
    // Vendor questionnaire (the answer file).
    ("questionnaire", "/provider", "Provider", "Anbieter"),
    ("questionnaire", "/raised_on", "Questions raised on", "Fragen gestellt am"),
    ("questionnaire", "/answered_by", "Answered by", "Beantwortet von"),
    ("questionnaire", "/answered_on", "Answered on", "Beantwortet am"),
    ("questionnaire", "/questions", "Questions", "Fragen"),
    ("questionnaire", "/questions/*/rule", "Rule", "Regel"),
    ("questionnaire", "/questions/*/severity", "Severity", "Schweregrad"),
    ("questionnaire", "/questions/*/question", "Question", "Frage"),
    ("questionnaire", "/questions/*/finding", "Why we ask", "Anlass der Frage"),
    ("questionnaire", "/questions/*/answers", "Answers", "Antworten"),
    ("questionnaire", "/questions/*/answers/*/fact", "Fact asked for", "Erfragte Angabe"),
    ("questionnaire", "/questions/*/answers/*/value", "Your answer", "Ihre Antwort"),
    // Project file.
    ("project", "/name", "Name of the procurement", "Name der Beschaffung"),
    ("project", "/requirements", "Requirements file", "Anforderungsdatei"),
    ("project", "/workload", "Workload file", "Lastprofil-Datei"),
    ("project", "/rent_vs_buy", "Rent-versus-buy file", "Datei Mieten oder Kaufen"),
    ("project", "/providers", "Provider profiles", "Anbieterprofile"),
    ("project", "/reviews", "DPA reviews", "AVV-Prüfungen"),
    ("project", "/answers", "Vendor answers", "Antworten der Anbieter"),
    ("project", "/rules", "Rule packs", "Regelwerke"),
    ("project", "/benchmarks", "Benchmark tables", "Benchmark-Tabellen"),
    // Rent versus buy.
    ("rent_vs_buy", "/name", "Name", "Name"),
    ("rent_vs_buy", "/gpu_model", "GPU model", "GPU-Modell"),
    ("rent_vs_buy", "/currency", "Currency", "Währung"),
    ("rent_vs_buy", "/server_price", "Server price", "Serverpreis"),
    ("rent_vs_buy", "/gpus_per_server", "GPUs per server", "GPUs je Server"),
    ("rent_vs_buy", "/lifetime_years", "Depreciation period (years)", "Abschreibungsdauer (Jahre)"),
    ("rent_vs_buy", "/residual_value", "Residual value", "Restwert"),
    ("rent_vs_buy", "/power_kw_load", "Power under load (kW)", "Leistungsaufnahme unter Last (kW)"),
    ("rent_vs_buy", "/power_kw_idle", "Power when idle (kW)", "Leistungsaufnahme im Leerlauf (kW)"),
    ("rent_vs_buy", "/pue", "Power usage effectiveness of the site (PUE)", "Energieeffizienz des Standorts (PUE)"),
    ("rent_vs_buy", "/electricity_price_per_kwh", "Electricity price per kWh", "Strompreis je kWh"),
    ("rent_vs_buy", "/maintenance_pct_per_year", "Maintenance per year (% of the server price)", "Wartung je Jahr (% des Serverpreises)"),
    ("rent_vs_buy", "/hosting_per_month", "Hosting per month", "Unterbringung je Monat"),
    ("rent_vs_buy", "/staff_per_year", "Staff cost per year", "Personalkosten je Jahr"),
    ("rent_vs_buy", "/utilisation_pct", "Utilisation (%)", "Auslastung (%)"),
    // Rule packs.
    ("rule_pack", "/id", "Pack ID", "Kennung des Regelwerks"),
    ("rule_pack", "/version", "Version", "Version"),
    ("rule_pack", "/title", "Title", "Titel"),
    ("rule_pack", "/description", "Description", "Beschreibung"),
    ("rule_pack", "/rules", "Rules", "Regeln"),
    ("rule_pack", "/rules/*/id", "Rule ID", "Regelkennung"),
    ("rule_pack", "/rules/*/status", "Status", "Status"),
    ("rule_pack", "/rules/*/area", "Area", "Bereich"),
    ("rule_pack", "/rules/*/severity", "Severity", "Schweregrad"),
    ("rule_pack", "/rules/*/weight", "Weight in the area", "Gewicht im Bereich"),
    ("rule_pack", "/rules/*/title", "Title", "Titel"),
    ("rule_pack", "/rules/*/explanation", "Explanation", "Erläuterung"),
    ("rule_pack", "/rules/*/question", "Question to the vendor", "Frage an den Anbieter"),
    ("rule_pack", "/rules/*/remediation", "Remediation", "Abhilfe"),
    ("rule_pack", "/rules/*/legal_basis", "Legal basis", "Rechtsgrundlage"),
    ("rule_pack", "/rules/*/legal_basis/*/instrument", "Legal instrument", "Rechtsakt"),
    ("rule_pack", "/rules/*/legal_basis/*/article", "Article or section", "Artikel oder Paragraf"),
    ("rule_pack", "/rules/*/legal_basis/*/paragraph", "Paragraph", "Absatz"),
    ("rule_pack", "/rules/*/legal_basis/*/point", "Point", "Buchstabe"),
    ("rule_pack", "/rules/*/legal_basis/*/subparagraph", "Subparagraph", "Unterabsatz"),
    ("rule_pack", "/rules/*/legal_basis/*/reference", "Other locator", "Sonstige Fundstelle"),
    ("rule_pack", "/rules/*/applies_when", "Applies when", "Gilt, wenn"),
    ("rule_pack", "/rules/*/knockout_when", "Knock-out when", "Muss-Kriterium, wenn"),
    ("rule_pack", "/rules/*/valid_from", "Applies from", "Gilt ab"),
    ("rule_pack", "/rules/*/valid_to", "Applies until", "Gilt bis"),
    ("rule_pack", "/rules/*/max_evidence_age_months", "Oldest evidence accepted (months)", "Ältester akzeptierter Nachweis (Monate)"),
    ("rule_pack", "/rules/*/check", "Check", "Prüfung"),
    ("rule_pack", "/rules/*/reference_item", "Reference item", "Bezugsposten"),
    ("rule_pack", "/rules/*/examples", "Examples", "Beispiele"),
    ("rule_pack", "/rules/*/examples/*/expect", "Expected outcome", "Erwartetes Ergebnis"),
    ("rule_pack", "/rules/*/examples/*/profile", "Profile fragment", "Profilausschnitt"),
    ("rule_pack", "/rules/*/examples/*/requirements", "Requirements fragment", "Anforderungsausschnitt"),
    ("rule_pack", "/rules/*/examples/*/evaluation_date", "Evaluation date", "Stichtag"),
    ("rule_pack", "#Check/all", "All of", "Alle von"),
    ("rule_pack", "#Check/any", "Any of", "Eines von"),
    ("rule_pack", "#Check/not", "Not", "Nicht"),
    ("rule_pack", "#Check/exists", "Is stated", "Ist angegeben"),
    ("rule_pack", "#Check/equals", "Equals", "Gleich"),
    ("rule_pack", "#Check/one_of", "One of", "Einer von"),
    ("rule_pack", "#Check/contains", "Contains", "Enthält"),
    ("rule_pack", "#Check/lt", "Less than", "Kleiner als"),
    ("rule_pack", "#Check/le", "At most", "Höchstens"),
    ("rule_pack", "#Check/gt", "More than", "Größer als"),
    ("rule_pack", "#Check/ge", "At least", "Mindestens"),
    ("rule_pack", "#Check/not_expired", "Not expired", "Nicht abgelaufen"),
    ("rule_pack", "#Check/not_older_than", "Not older than", "Nicht älter als"),
    ("rule_pack", "#Check/before", "Before", "Vor"),
    ("rule_pack", "#Check/count", "Count of list items", "Anzahl der Listeneinträge"),
    ("rule_pack", "#Check/every", "Every list item", "Jeder Listeneintrag"),
    ("rule_pack", "#Check/all_elements", "Every element covered", "Jedes Element abgedeckt"),
    ("rule_pack", "#Count/list", "List", "Liste"),
    ("rule_pack", "#Count/where", "Condition on each item", "Bedingung je Eintrag"),
    ("rule_pack", "#Count/at_least", "At least", "Mindestens"),
    ("rule_pack", "#Count/at_most", "At most", "Höchstens"),
    ("rule_pack", "#Count/when_none", "When too few match", "Wenn zu wenige passen"),
    ("rule_pack", "#Count/complete_if", "List complete if", "Liste vollständig, wenn"),
    ("rule_pack", "#Every/list", "List", "Liste"),
    ("rule_pack", "#Every/where", "Condition on each item", "Bedingung je Eintrag"),
    ("rule_pack", "#Every/missing", "When absent", "Wenn nicht angegeben"),
    ("rule_pack", "#AllElements/list", "List of values", "Werteliste"),
    ("rule_pack", "#AllElements/except", "Except", "Außer"),
    ("rule_pack", "#AllElements/matched_in", "Matched in", "Abgeglichen mit"),
    ("rule_pack", "#AllElements/key", "Compared field", "Verglichenes Feld"),
    ("rule_pack", "#AllElements/where", "Condition on the matching item", "Bedingung für den passenden Eintrag"),
    ("rule_pack", "#AllElements/unmatched", "When nothing matches", "Wenn nichts passt"),
    ("rule_pack", "#Check/*/fact", "Fact", "Angabe"),
    ("rule_pack", "#Check/*/value", "Value", "Wert"),
    ("rule_pack", "#Check/*/values", "Values", "Werte"),
    ("rule_pack", "#Check/*/set", "Named set of values", "Benannte Wertemenge"),
    ("rule_pack", "#Check/*/open_values", "Values that leave the check open", "Werte, die die Prüfung offen lassen"),
    ("rule_pack", "#Check/*/requirement", "Threshold from the requirements", "Schwelle aus den Anforderungen"),
    ("rule_pack", "#Check/*/default", "Threshold when not required", "Schwelle ohne Anforderung"),
    ("rule_pack", "#Check/*/missing", "When absent", "Wenn nicht angegeben"),
    ("rule_pack", "#Check/*/months", "Months", "Monate"),
    ("rule_pack", "#Check/*/date", "Date", "Datum"),
];

use super::Lang;

/// The pattern of a concrete path: list indexes become `*` (`/certifications/1/accredited`
/// → `/certifications/*/accredited`).
pub fn pattern_of(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for (i, seg) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        if i > 0 && !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_digit()) {
            out.push('*');
        } else {
            out.push_str(seg);
        }
    }
    out
}

fn pick(lang: Lang, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

/// Whether a label row's pattern matches a path pattern (`#Check/*/fact` matches
/// `#Check/count/fact`; `**/source` matches any path ending in `/source`).
fn matches(row: &str, pattern: &str) -> bool {
    if let Some(last) = row.strip_prefix("**") {
        return pattern.ends_with(last);
    }
    let (mut a, mut b) = (row.split('/'), pattern.split('/'));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x == y || (x == "*" && !y.is_empty()) => {}
            _ => return false,
        }
    }
}

/// The label of a field of a document of `kind` (`provider`, `requirements`, …),
/// by its path or pattern; an exact row of the kind first, then the rows shared
/// by every kind.
pub fn label(lang: Lang, kind: &str, path: &str) -> Option<&'static str> {
    // The exact rows by (kind, pattern), indexed once per process: a report looks up
    // labels tens of thousands of times.
    static EXACT: std::sync::OnceLock<
        std::collections::HashMap<(&'static str, &'static str), usize>,
    > = std::sync::OnceLock::new();
    let exact_rows = EXACT.get_or_init(|| {
        let mut m = std::collections::HashMap::new();
        for (i, (k, p, _, _)) in FIELDS.iter().enumerate() {
            // The first row of a (kind, pattern) wins, as the search did.
            m.entry((*k, *p)).or_insert(i);
        }
        m
    });
    let pattern = pattern_of(path);
    let exact = exact_rows
        .get(&(kind, pattern.as_str()))
        .map(|&i| &FIELDS[i])
        .or_else(|| {
            FIELDS
                .iter()
                .find(|(k, p, _, _)| (*k == kind || *k == "*") && matches(p, &pattern))
        });
    exact.map(|(_, _, en, de)| pick(lang, en, de))
}

/// The label of a provider-profile field (the kind rules and the diff read).
pub fn provider(lang: Lang, path: &str) -> Option<&'static str> {
    label(lang, "provider", path)
}

/// "Information and audit rights" → "information and audit rights"; "GPU
/// model", "SLA document" stay as they are.
pub fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase() => {
            let mut out: String = a.to_lowercase().collect();
            out.push_str(&s[a.len_utf8()..]);
            out
        }
        _ => s.to_string(),
    }
}

/// Labels joined as a list: "A, b and c". English lower-cases the first
/// letter of every label after the first (and of the first too with
/// `mid_sentence`) unless it is an abbreviation; German keeps the labels as
/// they are. A citation in parentheses that every label ends with is said once,
/// at the end.
pub fn join_labels(lang: Lang, mut items: Vec<String>, mid_sentence: bool) -> String {
    if items.len() > 1 {
        let tail = items[0].rfind(" (").map(|i| items[0][i..].to_string());
        if let Some(tail) = tail.filter(|t| t.ends_with(')')) {
            if items.iter().all(|s| s.ends_with(&tail)) {
                let n = items.len();
                for s in items.iter_mut().take(n - 1) {
                    s.truncate(s.len() - tail.len());
                }
            }
        }
    }
    if lang == Lang::En {
        let skip = usize::from(!mid_sentence);
        for s in items.iter_mut().skip(skip) {
            *s = lower_first(s);
        }
    }
    match items.pop() {
        None => String::new(),
        Some(last) if items.is_empty() => last,
        Some(last) => format!("{}{}{last}", items.join(", "), super::t(lang, "why_and")),
    }
}

/// An input file as people read it: a file built into the tool
/// (`embedded:providers/aws.yaml`) as "providers/aws.yaml (built in)"; a file
/// of the user's as named.
pub fn file_words(lang: Lang, file: &str) -> String {
    match file.strip_prefix("embedded:") {
        Some(path) => super::fill(lang, "file_built_in", &[("path", path)]),
        None => file.to_string(),
    }
}

/// The kind of an input file in words (`rule_pack` → "Rule pack").
pub fn kind_words(lang: Lang, kind: &str) -> String {
    match super::t(lang, &format!("doc_kind_{kind}")) {
        "" => kind.replace('_', " "),
        w => w.to_string(),
    }
}

/// A list of benchmark result rows (`T0270; T0331; …`) as their number: the
/// row IDs stay in the JSON.
pub fn rows_words(lang: Lang, rows: &str) -> String {
    let n = rows.split(';').filter(|r| !r.trim().is_empty()).count();
    super::fill(lang, "benchmark_rows", &[("n", &n.to_string())])
}

/// Every row (for the tests that check them against the schemas).
pub fn rows(
) -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str, &'static str)> {
    FIELDS.iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use std::collections::BTreeSet;

    /// The fields of one schema as path patterns: list items and map values as
    /// `*`; facts under `#Fact`, bilingual texts under `#Text`, and any
    /// definition that contains itself (the check language) under `#<name>`.
    struct Walk<'a> {
        root: &'a Value,
        out: BTreeSet<String>,
        done: BTreeSet<String>,
        recursive: BTreeSet<String>,
    }

    /// The `$ref` names directly under `node`.
    fn refs(node: &Value, out: &mut BTreeSet<String>) {
        match node {
            Value::Object(m) => {
                for (k, v) in m {
                    match (k.as_str(), v) {
                        ("$ref", Value::String(r)) => {
                            out.insert(r.rsplit('/').next().unwrap_or(r).to_string());
                        }
                        _ => refs(v, out),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|i| refs(i, out)),
            _ => {}
        }
    }

    /// The definitions that can contain themselves (the check language).
    fn recursive_defs(schema: &Value) -> BTreeSet<String> {
        let Some(Value::Object(defs)) = schema.get("$defs") else {
            return BTreeSet::new();
        };
        let edges: std::collections::BTreeMap<&str, BTreeSet<String>> = defs
            .iter()
            .map(|(k, v)| {
                let mut r = BTreeSet::new();
                refs(v, &mut r);
                (k.as_str(), r)
            })
            .collect();
        let mut found = BTreeSet::new();
        for start in edges.keys() {
            let mut seen = BTreeSet::new();
            let mut todo: Vec<String> = edges[start].iter().cloned().collect();
            while let Some(d) = todo.pop() {
                if d == *start {
                    found.insert(start.to_string());
                    break;
                }
                if seen.insert(d.clone()) {
                    if let Some(next) = edges.get(d.as_str()) {
                        todo.extend(next.iter().cloned());
                    }
                }
            }
        }
        found
    }

    impl<'a> Walk<'a> {
        fn def(&self, r: &str) -> (String, &'a Value) {
            let name = r.rsplit('/').next().unwrap_or(r).to_string();
            let root: &'a Value = self.root;
            (name.clone(), &root["$defs"][&name])
        }

        fn walk(&mut self, node: &Value, path: &str, stack: &[String]) {
            let Value::Object(m) = node else { return };
            if let Some(Value::String(r)) = m.get("$ref") {
                let (name, def) = self.def(r);
                let shared = if name.starts_with("Fact_") {
                    Some("#Fact".to_string())
                } else if name == "Text" || self.recursive.contains(&name) || stack.contains(&name)
                {
                    Some(format!("#{name}"))
                } else {
                    None
                };
                match shared {
                    Some(root) => {
                        if self.done.insert(root.clone()) {
                            let mut st = stack.to_vec();
                            st.push(name);
                            self.walk(def, &root, &st);
                        }
                    }
                    None => {
                        let mut st = stack.to_vec();
                        st.push(name);
                        self.walk(def, path, &st);
                    }
                }
                return;
            }
            for key in ["anyOf", "oneOf", "allOf"] {
                if let Some(Value::Array(branches)) = m.get(key) {
                    for b in branches {
                        self.walk(b, path, stack);
                    }
                }
            }
            if let Some(Value::Object(props)) = m.get("properties") {
                for (k, v) in props {
                    let p = format!("{path}/{k}");
                    self.out.insert(p.clone());
                    self.walk(v, &p, stack);
                }
            }
            if let Some(items @ Value::Object(_)) = m.get("items") {
                self.walk(items, &format!("{path}/*"), stack);
            }
            if let Some(extra @ Value::Object(_)) = m.get("additionalProperties") {
                self.walk(extra, &format!("{path}/*"), stack);
            }
        }
    }

    fn schema_fields() -> Vec<(&'static str, String)> {
        let mut all = Vec::new();
        // Every embedded schema; a kind's schema is `schemas/<kind>.schema.json`.
        for (path, bytes) in crate::embedded::files_under("schemas") {
            let Some(kind) = path
                .rsplit('/')
                .next()
                .and_then(|f| f.strip_suffix(".schema.json"))
            else {
                continue;
            };
            let schema: Value = serde_json::from_slice(bytes).expect("schema is JSON");
            let mut w = Walk {
                root: &schema,
                out: BTreeSet::new(),
                done: BTreeSet::new(),
                recursive: recursive_defs(&schema),
            };
            w.walk(&schema, "", &[]);
            all.extend(w.out.into_iter().map(|p| (kind, p)));
        }
        all
    }

    #[test]
    fn every_schema_field_has_a_label() {
        let fields = schema_fields();
        assert!(
            fields.len() > 400,
            "the walk found only {} fields",
            fields.len()
        );
        let missing: Vec<String> = fields
            .iter()
            .filter(|(kind, p)| label(Lang::En, kind, p).is_none())
            .map(|(kind, p)| format!("{kind} {p}"))
            .collect();
        assert!(
            missing.is_empty(),
            "fields without a label in src/i18n/fields.rs ({}):\n{}",
            missing.len(),
            missing.join("\n")
        );
        // Every row labels a field some schema has (no stale rows).
        let stale: Vec<String> = FIELDS
            .iter()
            .filter(|(kind, p, _, _)| {
                !fields
                    .iter()
                    .any(|(k, f)| (*kind == "*" || kind == k) && matches(p, f))
            })
            .map(|(kind, p, _, _)| format!("{kind} {p}"))
            .collect();
        assert!(
            stale.is_empty(),
            "labels of fields no schema has: {stale:?}"
        );
    }

    #[test]
    fn rows_are_unique_bilingual_and_tidy() {
        let mut seen = BTreeSet::new();
        for (kind, p, en, de) in FIELDS {
            assert!(seen.insert((kind, p)), "duplicate label row {kind} {p}");
            assert!(
                p.starts_with('/') || p.starts_with('#') || p.starts_with("**/"),
                "{p}"
            );
            for text in [en, de] {
                assert!(!text.trim().is_empty(), "{kind} {p}: empty label");
                assert_eq!(text.trim(), *text, "{kind} {p}: spaces around {text:?}");
                assert!(!text.contains('_'), "{kind} {p}: a field name in {text:?}");
                assert!(
                    text.chars().next().is_some_and(|c| !c.is_lowercase()),
                    "{kind} {p}: labels start with a capital: {text:?}"
                );
            }
        }
    }

    #[test]
    fn concrete_paths_find_their_label() {
        assert_eq!(
            provider(Lang::De, "/certifications/1/accredited"),
            Some("Akkreditierung der Zertifizierungsstelle")
        );
        assert_eq!(
            provider(Lang::En, "/dpa/clauses/audit"),
            Some("Information and audit rights (GDPR Art. 28(3)(h))")
        );
        assert_eq!(provider(Lang::En, "/offers/3/source"), Some("Source"));
        assert_eq!(
            label(Lang::De, "rule_pack", "#Count/at_least"),
            Some("Mindestens")
        );
        assert_eq!(provider(Lang::En, "/no/such/field"), None);
    }
}
