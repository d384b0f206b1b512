//! Fixed texts of the EU Cloud Sovereignty Framework (SEAL) output: the `assess`
//! line and the report's SEAL table (templates read them as `labels.<key>`).

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    ("seal_line", "SEAL (≤, ? = open) {levels}", "SEAL (≤, ? = offen) {levels}"),
    ("seal_line_below", " — below minimum: {objectives}", " — unter dem Mindestwert: {objectives}"),
    ("seal_title", "Sovereignty levels (EU Cloud Sovereignty Framework, SEAL 0–4)", "Souveränitätsstufen (EU Cloud Sovereignty Framework, SEAL 0–4)"),
    ("seal_note", "Per objective SOV-1 … SOV-8, the highest level the known profile facts allow. “open”: criteria of the objective are not established, so the real level may be lower; an open objective never passes a minimum.", "Je Ziel SOV-1 … SOV-8 die höchste Stufe, die die bekannten Profilangaben zulassen. „offen“: Kriterien des Ziels sind nicht belegt, die tatsächliche Stufe kann niedriger sein; ein offenes Ziel erfüllt nie einen Mindestwert."),
    ("seal_open", "open", "offen"),
    ("seal_minimum", "minimum", "Mindestwert"),
    ("seal_below_minimum", "below minimum", "unter dem Mindestwert"),
];
