package dev.upshift.schedule;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The IANA zone each Windows time zone name stands for ({@code W. Europe Standard Time} is
 * {@code Europe/Berlin}), as Outlook and Exchange write them in a {@code TZID}: the rows of the
 * Unicode CLDR {@code windowsZones} table for territory {@code 001} (each Windows zone's default
 * IANA zone). The per-territory rows are left out: a calendar names no territory.
 *
 * <p>The table is data, copied by a program and never edited by hand:
 *
 * <ul>
 *   <li>Source: Unicode CLDR 48, {@code common/supplemental/windowsZones.xml}
 *       (https://github.com/unicode-org/cldr/blob/release-48/common/supplemental/windowsZones.xml),
 *       as its JSON form ships in the npm package {@code cldr-core} 48.2.0
 *       ({@code supplemental/windowsZones.json}, {@code _cldrVersion} 48).
 *   <li>Licence: Unicode License v3 (SPDX {@code Unicode-3.0}), Copyright © 2004-2026 Unicode,
 *       Inc.; its text ships in this jar as {@code META-INF/LICENSE-unicode-cldr.txt}.
 *   <li>Check: {@code WindowsZonesTest} holds that JSON file verbatim (with its licence and a
 *       README on how to update both) and requires this table to be exactly its territory-001
 *       rows, every zone known to {@code java.time}.
 * </ul>
 *
 * <p>A constant rather than a resource: the schedule module reads no resources (it parses only
 * what it is handed). Each row is a Windows name, spaces, and the IANA zone (which has no space).
 */
final class WindowsZones {
    /** The CLDR release the table was copied from. */
    static final String CLDR_VERSION = "48";

    static final String TABLE = """
            AUS Central Standard Time        Australia/Darwin
            AUS Eastern Standard Time        Australia/Sydney
            Afghanistan Standard Time        Asia/Kabul
            Alaskan Standard Time            America/Anchorage
            Aleutian Standard Time           America/Adak
            Altai Standard Time              Asia/Barnaul
            Arab Standard Time               Asia/Riyadh
            Arabian Standard Time            Asia/Dubai
            Arabic Standard Time             Asia/Baghdad
            Argentina Standard Time          America/Buenos_Aires
            Astrakhan Standard Time          Europe/Astrakhan
            Atlantic Standard Time           America/Halifax
            Aus Central W. Standard Time     Australia/Eucla
            Azerbaijan Standard Time         Asia/Baku
            Azores Standard Time             Atlantic/Azores
            Bahia Standard Time              America/Bahia
            Bangladesh Standard Time         Asia/Dhaka
            Belarus Standard Time            Europe/Minsk
            Bougainville Standard Time       Pacific/Bougainville
            Canada Central Standard Time     America/Regina
            Cape Verde Standard Time         Atlantic/Cape_Verde
            Caucasus Standard Time           Asia/Yerevan
            Cen. Australia Standard Time     Australia/Adelaide
            Central America Standard Time    America/Guatemala
            Central Asia Standard Time       Asia/Bishkek
            Central Brazilian Standard Time  America/Cuiaba
            Central Europe Standard Time     Europe/Budapest
            Central European Standard Time   Europe/Warsaw
            Central Pacific Standard Time    Pacific/Guadalcanal
            Central Standard Time            America/Chicago
            Central Standard Time (Mexico)   America/Mexico_City
            Chatham Islands Standard Time    Pacific/Chatham
            China Standard Time              Asia/Shanghai
            Cuba Standard Time               America/Havana
            Dateline Standard Time           Etc/GMT+12
            E. Africa Standard Time          Africa/Nairobi
            E. Australia Standard Time       Australia/Brisbane
            E. Europe Standard Time          Europe/Chisinau
            E. South America Standard Time   America/Sao_Paulo
            Easter Island Standard Time      Pacific/Easter
            Eastern Standard Time            America/New_York
            Eastern Standard Time (Mexico)   America/Cancun
            Egypt Standard Time              Africa/Cairo
            Ekaterinburg Standard Time       Asia/Yekaterinburg
            FLE Standard Time                Europe/Kiev
            Fiji Standard Time               Pacific/Fiji
            GMT Standard Time                Europe/London
            GTB Standard Time                Europe/Bucharest
            Georgian Standard Time           Asia/Tbilisi
            Greenland Standard Time          America/Godthab
            Greenwich Standard Time          Atlantic/Reykjavik
            Haiti Standard Time              America/Port-au-Prince
            Hawaiian Standard Time           Pacific/Honolulu
            India Standard Time              Asia/Calcutta
            Iran Standard Time               Asia/Tehran
            Israel Standard Time             Asia/Jerusalem
            Jordan Standard Time             Asia/Amman
            Kaliningrad Standard Time        Europe/Kaliningrad
            Korea Standard Time              Asia/Seoul
            Libya Standard Time              Africa/Tripoli
            Line Islands Standard Time       Pacific/Kiritimati
            Lord Howe Standard Time          Australia/Lord_Howe
            Magadan Standard Time            Asia/Magadan
            Magallanes Standard Time         America/Punta_Arenas
            Marquesas Standard Time          Pacific/Marquesas
            Mauritius Standard Time          Indian/Mauritius
            Middle East Standard Time        Asia/Beirut
            Montevideo Standard Time         America/Montevideo
            Morocco Standard Time            Africa/Casablanca
            Mountain Standard Time           America/Denver
            Mountain Standard Time (Mexico)  America/Mazatlan
            Myanmar Standard Time            Asia/Rangoon
            N. Central Asia Standard Time    Asia/Novosibirsk
            Namibia Standard Time            Africa/Windhoek
            Nepal Standard Time              Asia/Katmandu
            New Zealand Standard Time        Pacific/Auckland
            Newfoundland Standard Time       America/St_Johns
            Norfolk Standard Time            Pacific/Norfolk
            North Asia East Standard Time    Asia/Irkutsk
            North Asia Standard Time         Asia/Krasnoyarsk
            North Korea Standard Time        Asia/Pyongyang
            Omsk Standard Time               Asia/Omsk
            Pacific SA Standard Time         America/Santiago
            Pacific Standard Time            America/Los_Angeles
            Pacific Standard Time (Mexico)   America/Tijuana
            Pakistan Standard Time           Asia/Karachi
            Paraguay Standard Time           America/Asuncion
            Qyzylorda Standard Time          Asia/Qyzylorda
            Romance Standard Time            Europe/Paris
            Russia Time Zone 10              Asia/Srednekolymsk
            Russia Time Zone 11              Asia/Kamchatka
            Russia Time Zone 3               Europe/Samara
            Russian Standard Time            Europe/Moscow
            SA Eastern Standard Time         America/Cayenne
            SA Pacific Standard Time         America/Bogota
            SA Western Standard Time         America/La_Paz
            SE Asia Standard Time            Asia/Bangkok
            Saint Pierre Standard Time       America/Miquelon
            Sakhalin Standard Time           Asia/Sakhalin
            Samoa Standard Time              Pacific/Apia
            Sao Tome Standard Time           Africa/Sao_Tome
            Saratov Standard Time            Europe/Saratov
            Singapore Standard Time          Asia/Singapore
            South Africa Standard Time       Africa/Johannesburg
            South Sudan Standard Time        Africa/Juba
            Sri Lanka Standard Time          Asia/Colombo
            Sudan Standard Time              Africa/Khartoum
            Syria Standard Time              Asia/Damascus
            Taipei Standard Time             Asia/Taipei
            Tasmania Standard Time           Australia/Hobart
            Tocantins Standard Time          America/Araguaina
            Tokyo Standard Time              Asia/Tokyo
            Tomsk Standard Time              Asia/Tomsk
            Tonga Standard Time              Pacific/Tongatapu
            Transbaikal Standard Time        Asia/Chita
            Turkey Standard Time             Europe/Istanbul
            Turks And Caicos Standard Time   America/Grand_Turk
            US Eastern Standard Time         America/Indianapolis
            US Mountain Standard Time        America/Phoenix
            UTC                              Etc/UTC
            UTC+12                           Etc/GMT-12
            UTC+13                           Etc/GMT-13
            UTC-02                           Etc/GMT+2
            UTC-08                           Etc/GMT+8
            UTC-09                           Etc/GMT+9
            UTC-11                           Etc/GMT+11
            Ulaanbaatar Standard Time        Asia/Ulaanbaatar
            Venezuela Standard Time          America/Caracas
            Vladivostok Standard Time        Asia/Vladivostok
            Volgograd Standard Time          Europe/Volgograd
            W. Australia Standard Time       Australia/Perth
            W. Central Africa Standard Time  Africa/Lagos
            W. Europe Standard Time          Europe/Berlin
            W. Mongolia Standard Time        Asia/Hovd
            West Asia Standard Time          Asia/Tashkent
            West Bank Standard Time          Asia/Hebron
            West Pacific Standard Time       Pacific/Port_Moresby
            Yakutsk Standard Time            Asia/Yakutsk
            Yukon Standard Time              America/Whitehorse
            """;

    private static final Map<String, String> ZONES = parse(TABLE);

    private WindowsZones() {}

    /** The IANA zone name of a Windows time zone name, matched exactly; empty for any other name. */
    static Optional<String> iana(String windowsName) {
        return Optional.ofNullable(ZONES.get(windowsName));
    }

    /** Every Windows name and its IANA zone, in the table's order. */
    static Map<String, String> all() {
        return ZONES;
    }

    static Map<String, String> parse(String table) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String row : table.split("\n", -1)) {
            String line = row.strip();
            if (line.isEmpty()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                throw new IllegalStateException("the Windows zone table has a row without a zone: " + line);
            }
            String name = line.substring(0, space).strip();
            if (out.put(name, line.substring(space + 1)) != null) {
                throw new IllegalStateException("the Windows zone table names " + name + " twice");
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
