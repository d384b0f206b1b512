//! Code lists the semantic checks use: ISO 4217 currencies, ISO 3166-1 alpha-2
//! countries, and EU / EEA membership. Kept as sorted constant tables (no
//! network, no dependency); the tests check order, uniqueness and counts.

/// ISO 4217 codes of currencies in circulation (state 2025), sorted. Fund codes,
/// precious metals and the test codes (`XTS`, `XXX`) are left out on purpose: no
/// cloud price is quoted in them. Codes withdrawn recently (`ANG`, `BGN`, `SLL`,
/// `ZWL`) stay accepted so that older price sheets still read.
pub const CURRENCIES: &[&str] = &[
    "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
    "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
    "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
    "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ",
    "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD",
    "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
    "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
    "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
    "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR",
    "SDG", "SEK", "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL",
    "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU",
    "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR",
    "ZMW", "ZWG", "ZWL",
];

/// ISO 3166-1 alpha-2 country codes (all 249 officially assigned), sorted.
pub const COUNTRIES: &[&str] = &[
    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
    "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
    "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
    "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
    "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
    "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
    "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
    "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
    "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
    "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
    "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
    "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
    "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
    "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
    "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
    "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
];

/// The 27 EU member states (ISO codes: Greece is `GR`, not the EU's `EL`).
pub const EU_MEMBERS: &[&str] = &[
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT",
    "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
];

/// EEA members outside the EU: Iceland, Liechtenstein, Norway.
pub const EEA_NON_EU: &[&str] = &["IS", "LI", "NO"];

/// True for a known ISO 4217 currency code (upper case).
pub fn is_currency(code: &str) -> bool {
    CURRENCIES.binary_search(&code).is_ok()
}

/// True for an assigned ISO 3166-1 alpha-2 code (upper case).
pub fn is_country(code: &str) -> bool {
    COUNTRIES.binary_search(&code).is_ok()
}

/// True for an EU member state.
pub fn is_eu(code: &str) -> bool {
    EU_MEMBERS.binary_search(&code).is_ok()
}

/// True for a member of the European Economic Area (EU plus IS, LI, NO): the
/// area inside which GDPR Chapter V does not apply to transfers.
pub fn is_eea(code: &str) -> bool {
    is_eu(code) || EEA_NON_EU.binary_search(&code).is_ok()
}

/// A hint for common non-ISO spellings (`UK` → `GB`, `EL` → `GR`, lower case).
pub fn country_hint(code: &str) -> Option<String> {
    match code {
        "UK" => return Some("GB".into()),
        "EL" => return Some("GR".into()),
        _ => {}
    }
    let upper = code.to_ascii_uppercase();
    if upper != code && is_country(&upper) {
        return Some(upper);
    }
    None
}

/// A hint for a currency written in lower case or as a symbol.
pub fn currency_hint(code: &str) -> Option<String> {
    match code {
        "€" => return Some("EUR".into()),
        "$" => return Some("USD".into()),
        "£" => return Some("GBP".into()),
        _ => {}
    }
    let upper = code.to_ascii_uppercase();
    if upper != code && is_currency(&upper) {
        return Some(upper);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted_unique(list: &[&str]) {
        for w in list.windows(2) {
            assert!(w[0] < w[1], "{} before {}", w[0], w[1]);
        }
    }

    #[test]
    fn tables_are_sorted_unique_and_complete() {
        sorted_unique(CURRENCIES);
        sorted_unique(COUNTRIES);
        sorted_unique(EU_MEMBERS);
        sorted_unique(EEA_NON_EU);
        assert_eq!(COUNTRIES.len(), 249);
        assert_eq!(EU_MEMBERS.len(), 27);
        for c in EU_MEMBERS.iter().chain(EEA_NON_EU) {
            assert!(is_country(c), "{c}");
        }
        assert!(CURRENCIES.iter().all(|c| c.len() == 3));
    }

    #[test]
    fn membership() {
        assert!(is_eea("DE") && is_eea("NO") && is_eu("GR"));
        assert!(!is_eea("CH") && !is_eea("GB") && !is_eea("US"));
        assert!(!is_eu("NO"));
        assert!(is_currency("EUR") && is_currency("CHF") && !is_currency("EURO"));
        assert_eq!(country_hint("UK").as_deref(), Some("GB"));
        assert_eq!(country_hint("de").as_deref(), Some("DE"));
        assert_eq!(currency_hint("eur").as_deref(), Some("EUR"));
        assert_eq!(country_hint("XX"), None);
    }
}
