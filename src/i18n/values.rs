//! Labels of the enum values of the data as they appear in reasons
//! (`… = general, expected specific`): `value_<token>`. The English label is the
//! token itself, so English output reads as the file does.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("value_true", "true", "ja"),
    ("value_false", "false", "nein"),
    ("value_specific", "specific", "Einzelgenehmigung"),
    ("value_general", "general", "allgemeine Genehmigung"),
    ("value_signed", "signed", "unterzeichnet"),
    ("value_click_accept", "click_accept", "online akzeptiert"),
    ("value_incorporated", "incorporated", "einbezogen"),
    ("value_adequacy", "adequacy", "Angemessenheitsbeschluss"),
    ("value_dpf", "dpf", "Data Privacy Framework"),
    ("value_scc", "scc", "Standardvertragsklauseln"),
    (
        "value_bcr",
        "bcr",
        "verbindliche interne Datenschutzvorschriften",
    ),
    ("value_dedicated", "dedicated", "dediziert"),
    ("value_scrubbed", "scrubbed", "bereinigt"),
    ("value_shared", "shared", "geteilt"),
    ("value_at_cost", "at_cost", "zum Selbstkostenpreis"),
    ("value_on_request", "on_request", "auf Anfrage"),
    ("value_nvlink", "nvlink", "NVLink"),
    (
        "value_infinity_fabric",
        "infinity_fabric",
        "Infinity Fabric",
    ),
    ("value_eu_cloud_coc", "eu_cloud_coc", "EU Cloud CoC"),
    ("value_cispe", "cispe", "CISPE-Kodex"),
    ("value_sec_num_cloud", "sec_num_cloud", "SecNumCloud"),
    ("value_gaia_x", "gaia_x", "Gaia-X"),
];
