//! Texts of the procurement folder's project file, of stale DPA reviews and of
//! offers that do not qualify (issue 13 items 5–8).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    (
        "project_note",
        "note: using the project file {file} (options on the command line override it):",
        "Hinweis: verwendet die Projektdatei {file} (Optionen auf der Befehlszeile haben Vorrang):",
    ),
    (
        "project_folder_files",
        "{path} ({files})",
        "{path} ({files})",
    ),
    (
        "project_folder_empty",
        "{path} (no files)",
        "{path} (keine Dateien)",
    ),
    (
        "project_folder_count",
        "{path} ({n} files)",
        "{path} ({n} Dateien)",
    ),
    (
        "project_overridden",
        "given on the command line instead: {flags}",
        "stattdessen auf der Befehlszeile angegeben: {flags}",
    ),
    (
        "project_entry_requirements",
        "requirements",
        "Anforderungen",
    ),
    ("project_entry_workload", "workload", "Arbeitslast"),
    (
        "project_entry_rent_vs_buy",
        "rent vs buy",
        "Mieten oder kaufen",
    ),
    ("project_entry_providers", "providers", "Anbieter"),
    ("project_entry_reviews", "DPA reviews", "AVV-Prüfungen"),
    ("project_entry_answers", "answers", "Antworten"),
    ("project_entry_rules", "rule packs", "Regelpakete"),
    ("project_entry_benchmarks", "benchmarks", "Benchmarks"),
    ("dpa_stale_status", "review stale", "Prüfung veraltet"),
    ("dpa_basis_stale", "The DPO's review {file} is of DPA {review}, but the profile's current DPA is {current}: the review is stale and not applied. {basis}", "Die Prüfung {file} des Datenschutzbeauftragten gilt dem AVV {review}, das Profil nennt als aktuellen AVV aber {current}: Die Prüfung ist veraltet und wird nicht angewandt. {basis}"),
    ("dpa_version_of", "version {v} of {d}", "Version {v} vom {d}"),
    ("dpa_version_only", "version {v}", "Version {v}"),
    ("dpa_version_date_only", "the version of {d}", "die Fassung vom {d}"),
    ("dpa_version_none", "no version stated", "ohne Versionsangabe"),
    ("cost_not_qualifying_count", "{n} offer(s) do not qualify under the requirements and are not ranked (--show-not-qualifying lists them).", "{n} Angebot(e) erfüllen die Anforderungen nicht und werden nicht gereiht (--show-not-qualifying listet sie)."),
    ("cost_not_qualifying_head", "{n} offer(s) do not qualify under the requirements (not ranked):", "{n} Angebot(e) erfüllen die Anforderungen nicht (nicht gereiht):"),
    ("proj_init_header_1", "# The project file of this procurement folder. Every cloudvet command run in this", "# Die Projektdatei dieses Beschaffungsordners. Jeder cloudvet-Befehl, der in diesem"),
    ("proj_init_header_2", "# folder or a folder below it reads it (or give `--project DIR`); options on the", "# Ordner oder einem Unterordner läuft, liest sie (oder `--project DIR`); Optionen auf"),
    ("proj_init_header_3", "# command line override it. Paths are relative to this folder.", "# der Befehlszeile haben Vorrang. Pfade sind relativ zu diesem Ordner."),
];
