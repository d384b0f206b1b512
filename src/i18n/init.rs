//! `cloudvet init`: the summary of what was written, the README's provider line, the errors.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("init_the_catalogue", "the embedded catalogue", "dem eingebetteten Katalog"),
    ("init_providers_template", "`providers/my-provider.yaml` is an empty template: copy it to `providers/<id>.yaml` for each provider you assess and fill in what your sources establish (or start again with `cloudvet init --force --providers aws,ionos`; docs/providers.md describes the catalogue).", "`providers/my-provider.yaml` ist eine leere Vorlage: kopieren Sie sie für jeden Anbieter, den Sie bewerten, nach `providers/<id>.yaml` und tragen Sie ein, was Ihre Quellen belegen (oder beginnen Sie neu mit `cloudvet init --force --providers aws,ionos`; docs/providers.md beschreibt den Katalog)."),
    ("init_providers_catalogue", "`providers/` holds the catalogue profiles {list}. They are EXAMPLE DATA compiled from public sources: check every fact against the provider's current documents before you rely on it.", "`providers/` enthält die Katalogprofile {list}. Es sind BEISPIELDATEN aus öffentlichen Quellen: prüfen Sie jeden Fakt an den aktuellen Unterlagen des Anbieters, bevor Sie sich darauf stützen."),
    ("init_not_a_folder", "this is a file, not a folder", "das ist eine Datei, kein Ordner"),
    ("init_not_a_folder_help", "name a new or existing folder: `cloudvet init my-procurement`", "nennen Sie einen neuen oder vorhandenen Ordner: `cloudvet init meine-beschaffung`"),
    ("init_would_overwrite", "error: {n} file(s) already exist in {dir} and would be overwritten:", "Fehler: {n} Datei(en) gibt es in {dir} schon; sie würden überschrieben:"),
    ("init_would_overwrite_help", "help: nothing was written; run again with --force to overwrite them, or choose another folder", "Hinweis: nichts wurde geschrieben; mit --force überschreiben oder einen anderen Ordner wählen"),
    ("init_cannot_write", "cannot write the file: {error}", "die Datei kann nicht geschrieben werden: {error}"),
    ("init_cannot_write_help", "check that the folder is writable", "prüfen Sie, ob der Ordner beschreibbar ist"),
    ("init_created", "Created a procurement folder in {dir}:", "Beschaffungsordner in {dir} angelegt:"),
    ("init_schemas_line", "schemas/ (JSON Schemas for your editor)", "schemas/ (JSON-Schemas für Ihren Editor)"),
    ("init_next", "Next: {cd}edit requirements.yaml, run `cloudvet validate` (it checks the files cloudvet.yaml names) and read README.md.", "Weiter: {cd}requirements.yaml anpassen, `cloudvet validate` ausführen (prüft die Dateien, die cloudvet.yaml nennt) und README.md lesen."),
];
