//! Words for the paths of a provider profile: the labels come from the one
//! label catalogue (`i18n/fields.rs`); the fixed phrases of the diff from the
//! message catalogue.

use crate::i18n::Lang;

/// The label of one pattern of a provider profile, if it has one (from the one
/// label catalogue, `i18n/fields.rs`).
pub fn lookup(pattern: &str, lang: Lang) -> Option<&'static str> {
    crate::i18n::fields::provider(lang, pattern)
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
