//! "Did you mean …" and the errors for provider IDs and paths typed on the command line.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("suggest_did_you_mean", "did you mean {x}?", "meinten Sie {x}?"),
    ("suggest_did_you_mean_or", "did you mean {x} or {y}?", "meinten Sie {x} oder {y}?"),
    ("suggest_no_provider", "there is no provider `{id}` in {where}", "`{id}` ist kein Anbieter aus {where}"),
    ("suggest_one_of", "one of: {list}", "eines von: {list}"),
    ("suggest_use", "use `{id}`", "verwenden Sie `{id}`"),
    ("suggest_pick_an_id", "pick an ID from the list; IDs are lower case with hyphens", "wählen Sie eine ID aus der Liste; IDs bestehen aus Kleinbuchstaben und Bindestrichen"),
    ("suggest_check_the_path", "check the path; `cloudvet init DIR` creates a procurement folder with requirements.yaml, workload.yaml and providers/", "prüfen Sie den Pfad; `cloudvet init ORDNER` legt einen Beschaffungsordner mit requirements.yaml, workload.yaml und providers/ an"),
    ("suggest_no_such_path", "no such file or folder (looked for {path})", "keine solche Datei und kein solcher Ordner (gesucht: {path})"),
    ("suggest_no_profiles", "no provider profiles (*.yaml) in this folder (looked in {path})", "keine Anbieterprofile (*.yaml) in diesem Ordner (gesucht in {path})"),
    ("suggest_no_profiles_help", "check the folder; `cloudvet init DIR --providers aws,ionos` creates a procurement folder with profiles from the catalogue", "prüfen Sie den Ordner; `cloudvet init ORDNER --providers aws,ionos` legt einen Beschaffungsordner mit Profilen aus dem Katalog an"),
    ("suggest_did_you_mean_gpu", "did you mean {x}? (`cloudvet validate --list-gpus` lists all)", "meinten Sie {x}? (`cloudvet validate --list-gpus` listet alle)"),
    ("suggest_did_you_mean_pointer", "did you mean {x}? (an unknown pointer makes the rule unknown for every provider)", "meinten Sie {x}? (ein unbekannter Zeiger macht die Regel für jeden Anbieter unbekannt)"),
];
