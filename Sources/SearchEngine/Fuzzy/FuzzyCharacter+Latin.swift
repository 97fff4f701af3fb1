extension FuzzyCharacter {
    /// Small Latin letters with a mark (an accent, a stroke, a hook…) and the letter they are
    /// read as: the Unicode characters named `LATIN SMALL LETTER x WITH …` with one mark,
    /// and the turned, reversed, open, dotless, sharp (`ß`: s) ones, superscript, subscript
    /// and combining, each as its code point in hex followed by the letter. A query without
    /// such letters finds `café` with `cafe`.
    private static let latinBaseTable = """
        00DFs 00E0a 00E1a 00E2a 00E3a 00E4a 00E5a 00E7c 00E8e 00E9e 00EAe 00EBe
        00ECi 00EDi 00EEi 00EFi 00F1n 00F2o 00F3o 00F4o 00F5o 00F6o 00F8o 00F9u
        00FAu 00FBu 00FCu 00FDy 00FFy 0101a 0103a 0105a 0107c 0109c 010Bc 010Dc
        010Fd 0111d 0113e 0115e 0117e 0119e 011Be 011Dg 011Fg 0121g 0123g 0125h
        0127h 0129i 012Bi 012Di 012Fi 0131i 0135j 0137k 013Al 013Cl 013El 0140l
        0142l 0144n 0146n 0148n 014Do 014Fo 0151o 0155r 0157r 0159r 015Bs 015Ds
        015Fs 0161s 0163t 0165t 0167t 0169u 016Bu 016Du 016Fu 0171u 0173u 0175w
        0177y 017Az 017Cz 017Ez 0180b 0183b 0188c 018Cd 0192f 0199k 019Al 019En
        01A1o 01A5p 01ABt 01ADt 01B0u 01B4y 01B6z 01CEa 01D0i 01D2o 01D4u 01DDe
        01E5g 01E7g 01E9k 01EBo 01F0j 01F5g 01F9n 0201a 0203a 0205e 0207e 0209i
        020Bi 020Do 020Fo 0211r 0213r 0215u 0217u 0219s 021Bt 021Fh 0221d 0225z
        0227a 0229e 022Fo 0233y 0234l 0235n 0236t 0237j 023Cc 023Fs 0240z 0247e
        0249j 024Bq 024Dr 024Fy 0250a 0253b 0254o 0255c 0256d 0257d 0258e 025Be
        025Ce 025De 025Ee 025Fj 0260g 0261g 0265h 0266h 0268i 026Bl 026Cl 026Dl
        026Fm 0270m 0271m 0272n 0273n 0279r 027Ar 027Br 027Cr 027Dr 027Er 027Fr
        0282s 0287t 0288t 028Bv 028Cv 028Dw 028Ey 0290z 0291z 029Ae 029Ek 02A0q
        02AEh 0363a 0364e 0365i 0366o 0367u 0368c 0369d 036Ah 036Bm 036Cr 036Dt
        036Ev 036Fx 1D08e 1D09i 1D11o 1D12o 1D13o 1D1Du 1D1Fm 1D62i 1D63r 1D64u
        1D65v 1D6Cb 1D6Dd 1D6Ef 1D6Fm 1D70n 1D71p 1D72r 1D74s 1D75t 1D76z 1D77g
        1D7Dp 1D80b 1D81d 1D82f 1D83g 1D84k 1D85l 1D86m 1D87n 1D88p 1D89r 1D8As
        1D8Cv 1D8Dx 1D8Ez 1D8Fa 1D92e 1D93e 1D94e 1D96i 1D97o 1D99u 1DDAg 1DDCk
        1DDDl 1DE0n 1DE4s 1DE6z 1DE8b 1DEBf 1DECl 1DEDo 1DEEp 1DF0u 1DF1w 1DF2a
        1DF3o 1DF4u 1E01a 1E03b 1E05b 1E07b 1E0Bd 1E0Dd 1E0Fd 1E11d 1E13d 1E19e
        1E1Be 1E1Ff 1E21g 1E23h 1E25h 1E27h 1E29h 1E2Bh 1E2Di 1E31k 1E33k 1E35k
        1E37l 1E3Bl 1E3Dl 1E3Fm 1E41m 1E43m 1E45n 1E47n 1E49n 1E4Bn 1E55p 1E57p
        1E59r 1E5Br 1E5Fr 1E61s 1E63s 1E6Bt 1E6Dt 1E6Ft 1E71t 1E73u 1E75u 1E77u
        1E7Dv 1E7Fv 1E81w 1E83w 1E85w 1E87w 1E89w 1E8Bx 1E8Dx 1E8Fy 1E91z 1E93z
        1E95z 1E96h 1E97t 1E98w 1E99y 1E9Aa 1EA1a 1EA3a 1EB9e 1EBBe 1EBDe 1EC9i
        1ECBi 1ECDo 1ECFo 1EE5u 1EE7u 1EF3y 1EF5y 1EF7y 1EF9y 1EFFy 2071i 207Fn
        2090a 2091e 2092o 2093x 2095h 2096k 2097l 2098m 2099n 209Ap 209Bs 209Ct
        2184c
        """

    /// `latinBaseTable`, indexed by code point − 0xC0 (0: no base letter).
    private static let latinBases: [UInt8] = {
        var bases = [UInt8](repeating: 0, count: 0x2185 - 0xC0)
        for item in latinBaseTable.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let code = Int(item.prefix(4), radix: 16), let letter = item.last?.asciiValue else { continue }
            bases[code - 0xC0] = letter
        }
        return bases
    }()

    /// `c` as its base letter when it is a small Latin letter with a mark (else `c`).
    @inline(__always)
    static func latinBase(_ c: UInt32) -> UInt32 {
        guard c >= 0xC0, c <= 0x2184 else { return c }
        let base = latinBases[Int(c) - 0xC0]
        return base == 0 ? c : UInt32(base)
    }
}
