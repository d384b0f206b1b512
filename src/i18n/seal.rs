//! Fixed texts of the report's EU Cloud Sovereignty Framework (SEAL) table
//! (templates read them as `labels.<key>`; the `assess` line's words are in cli.rs).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("seal_title", "Sovereignty levels (EU Cloud Sovereignty Framework, SEAL 0–4)", "Souveränitätsstufen (EU Cloud Sovereignty Framework, SEAL 0–4)"),
    ("seal_note", "Per objective SOV-1 … SOV-8, the highest level the known profile facts allow. “open”: criteria of the objective are not established, so the real level may be lower; an open objective never passes a minimum.", "Je Ziel SOV-1 … SOV-8 die höchste Stufe, die die bekannten Profilangaben zulassen. „offen“: Kriterien des Ziels sind nicht belegt, die tatsächliche Stufe kann niedriger sein; ein offenes Ziel erfüllt nie einen Mindestwert."),
    ("seal_open", "open", "offen"),
    ("seal_minimum", "minimum", "Mindestwert"),
    ("seal_below_minimum", "below minimum", "unter dem Mindestwert"),
];
