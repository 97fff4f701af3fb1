@testable import TerminalText
import Testing

@Suite struct TerminalLocaleTests {
    @Test func namesUTF8InAnySpelling() {
        for ascii in ["u", "utf", "utf-", "utf_8", "UTF 8", "ütf-8", "", "C", "POSIX", "de_DE.ISO-8859-15"] {
            #expect(!TerminalLocale.namesUTF8(ascii), "\(ascii)")
        }
        for utf8 in ["utf8", "UTF-8", "xxUtF-8", "C.UTF8", "utf-utf8", "zh_CN.UTF-8"] {
            #expect(TerminalLocale.namesUTF8(utf8), "\(utf8)")
        }
    }

    @Test func theFirstNonEmptyOfLCAllLCCTypeAndLangDecides() {
        #expect(TerminalLocale.asksForUTF8(environment: ["LANG": "en_US.UTF-8"]))
        #expect(!TerminalLocale.asksForUTF8(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "C"]))
        #expect(TerminalLocale.asksForUTF8(environment: ["LC_ALL": "", "LC_CTYPE": "C.UTF-8", "LANG": "C"]))
        #expect(!TerminalLocale.asksForUTF8(environment: ["LC_CTYPE": "POSIX", "LANG": "C.UTF-8"]))
        #expect(!TerminalLocale.asksForUTF8(environment: ["LANG": ""]))
        #expect(!TerminalLocale.asksForUTF8(environment: [:]))
        // LC_MESSAGES says which language, not which codeset.
        #expect(!TerminalLocale.asksForUTF8(environment: ["LC_MESSAGES": "zh_CN.UTF-8"]))
    }
}
