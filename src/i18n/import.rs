//! Fixed texts of `cloudvet import`.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("import_read", "{file}: {rows} rows — {offers} offers read; rows left out: {left}; rows without a GPU: {cpu}", "{file}: {rows} Zeilen — {offers} Angebote gelesen; ausgelassene Zeilen: {left}; Zeilen ohne GPU: {cpu}"),
    ("import_filtered", "{n} GPU rows outside --region-country {filter}", "{n} GPU-Zeilen außerhalb von --region-country {filter}"),
    ("import_everywhere", "the catalogue lists every instance type in every region at one price: the regions' offers are marked unconfirmed", "der Katalog führt jeden Instanztyp in jeder Region zum selben Preis: die Angebote der Regionen sind als unbestätigt markiert"),
    ("import_profile_new", "{provider}: new profile", "{provider}: neues Profil"),
    ("import_profile_merged", "{provider}: merged into {file}", "{provider}: zusammengeführt in {file}"),
    ("import_counts", "offers: {added} added, {changed} changed, {removed} removed, {unchanged} unchanged", "Angebote: {added} hinzugefügt, {changed} geändert, {removed} entfernt, {unchanged} unverändert"),
    ("import_added", "added", "hinzugefügt"),
    ("import_changed", "changed", "geändert"),
    ("import_removed", "removed", "entfernt"),
    ("import_and_more", "… and {n} more", "… und {n} weitere"),
    ("import_kept_other", "kept as they are (another source than this catalogue): {list}", "unverändert behalten (andere Quelle als dieser Katalog): {list}"),
    ("import_kept_unplaced", "kept as they are (their row was left out this time): {list}", "unverändert behalten (ihre Zeile wurde diesmal ausgelassen): {list}"),
    ("import_regions_added", "regions added: {list}", "Regionen hinzugefügt: {list}"),
    ("import_wrote", "wrote {path}", "geschrieben: {path}"),
    ("import_dry_run", "dry run: nothing written", "Probelauf: nichts geschrieben"),
    ("import_no_target", "say where the profile goes: --into FILE_OR_DIR (merge) or --out FILE_OR_DIR (new profile)", "Angeben, wohin das Profil geht: --into DATEI_ODER_ORDNER (zusammenführen) oder --out DATEI_ODER_ORDNER (neues Profil)"),
];
