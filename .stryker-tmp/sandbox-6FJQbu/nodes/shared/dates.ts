/**
 * n8n date-times as instants, for both APIs.
 *
 * A date-time without a zone ("2026-11-22T10:00:00", what the editor's date picker gives)
 * means that time in the workflow's timezone (workflow settings, else the instance's
 * GENERIC_TIMEZONE), as n8n's own nodes read it, not in the zone of the machine n8n runs
 * on. A date without a time ("1990-05-17") is a calendar date: midnight UTC, so it stays
 * the same day whatever the zone. Values with a zone ("…Z", "…+02:00"), JavaScript dates
 * and Luxon DateTimes (from expressions) are instants already.
 */
// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
const LOCAL_DATE_TIME = stryMutAct_9fa48("20") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\D*)?)?$/ : stryMutAct_9fa48("19") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d)?)?$/ : stryMutAct_9fa48("18") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\D{1,3})\d*)?)?$/ : stryMutAct_9fa48("17") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d)\d*)?)?$/ : stryMutAct_9fa48("16") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*))?$/ : stryMutAct_9fa48("15") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\D{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("14") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d)(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("13") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)$/ : stryMutAct_9fa48("12") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\D{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("11") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d)(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("10") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\D{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("9") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("8") ? /^(\d{4})-(\d{2})-(\d{2})[^T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("7") ? /^(\d{4})-(\d{2})-(\D{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("6") ? /^(\d{4})-(\d{2})-(\d)[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("5") ? /^(\d{4})-(\D{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("4") ? /^(\d{4})-(\d)-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("3") ? /^(\D{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("2") ? /^(\d)-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : stryMutAct_9fa48("1") ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?/ : stryMutAct_9fa48("0") ? /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/ : (stryCov_9fa48("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"), /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/);
const DATE_ONLY = stryMutAct_9fa48("28") ? /^\d{4}-\d{2}-\D{2}$/ : stryMutAct_9fa48("27") ? /^\d{4}-\d{2}-\d$/ : stryMutAct_9fa48("26") ? /^\d{4}-\D{2}-\d{2}$/ : stryMutAct_9fa48("25") ? /^\d{4}-\d-\d{2}$/ : stryMutAct_9fa48("24") ? /^\D{4}-\d{2}-\d{2}$/ : stryMutAct_9fa48("23") ? /^\d-\d{2}-\d{2}$/ : stryMutAct_9fa48("22") ? /^\d{4}-\d{2}-\d{2}/ : stryMutAct_9fa48("21") ? /\d{4}-\d{2}-\d{2}$/ : (stryCov_9fa48("21", "22", "23", "24", "25", "26", "27", "28"), /^\d{4}-\d{2}-\d{2}$/);

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  if (stryMutAct_9fa48("29")) {
    {}
  } else {
    stryCov_9fa48("29");
    const parts = new Intl.DateTimeFormat(stryMutAct_9fa48("30") ? "" : (stryCov_9fa48("30"), 'en-US'), stryMutAct_9fa48("31") ? {} : (stryCov_9fa48("31"), {
      timeZone,
      hourCycle: stryMutAct_9fa48("32") ? "" : (stryCov_9fa48("32"), 'h23'),
      year: stryMutAct_9fa48("33") ? "" : (stryCov_9fa48("33"), 'numeric'),
      month: stryMutAct_9fa48("34") ? "" : (stryCov_9fa48("34"), '2-digit'),
      day: stryMutAct_9fa48("35") ? "" : (stryCov_9fa48("35"), '2-digit'),
      hour: stryMutAct_9fa48("36") ? "" : (stryCov_9fa48("36"), '2-digit'),
      minute: stryMutAct_9fa48("37") ? "" : (stryCov_9fa48("37"), '2-digit'),
      second: stryMutAct_9fa48("38") ? "" : (stryCov_9fa48("38"), '2-digit')
    })).formatToParts(new Date(instant));
    const part = stryMutAct_9fa48("39") ? () => undefined : (stryCov_9fa48("39"), (() => {
      const part = (type: string) => Number(stryMutAct_9fa48("40") ? parts.find(p => p.type === type).value : (stryCov_9fa48("40"), parts.find(stryMutAct_9fa48("41") ? () => undefined : (stryCov_9fa48("41"), p => stryMutAct_9fa48("44") ? p.type !== type : stryMutAct_9fa48("43") ? false : stryMutAct_9fa48("42") ? true : (stryCov_9fa48("42", "43", "44"), p.type === type)))?.value));
      return part;
    })());
    const wall = Date.UTC(part(stryMutAct_9fa48("45") ? "" : (stryCov_9fa48("45"), 'year')), stryMutAct_9fa48("46") ? part('month') + 1 : (stryCov_9fa48("46"), part(stryMutAct_9fa48("47") ? "" : (stryCov_9fa48("47"), 'month')) - 1), part(stryMutAct_9fa48("48") ? "" : (stryCov_9fa48("48"), 'day')), part(stryMutAct_9fa48("49") ? "" : (stryCov_9fa48("49"), 'hour')), part(stryMutAct_9fa48("50") ? "" : (stryCov_9fa48("50"), 'minute')), part(stryMutAct_9fa48("51") ? "" : (stryCov_9fa48("51"), 'second')));
    const wholeSecond = stryMutAct_9fa48("52") ? instant + (instant % 1000 + 1000) % 1000 : (stryCov_9fa48("52"), instant - (stryMutAct_9fa48("53") ? (instant % 1000 + 1000) * 1000 : (stryCov_9fa48("53"), (stryMutAct_9fa48("54") ? instant % 1000 - 1000 : (stryCov_9fa48("54"), (stryMutAct_9fa48("55") ? instant * 1000 : (stryCov_9fa48("55"), instant % 1000)) + 1000)) % 1000)));
    return stryMutAct_9fa48("56") ? wall + wholeSecond : (stryCov_9fa48("56"), wall - wholeSecond);
  }
}

/** The instant of a wall-clock time in `timeZone`; an unknown zone is taken as UTC. */
function fromWallClock(wall: number, timeZone: string): number {
  if (stryMutAct_9fa48("57")) {
    {}
  } else {
    stryCov_9fa48("57");
    try {
      if (stryMutAct_9fa48("58")) {
        {}
      } else {
        stryCov_9fa48("58");
        // The offset at the wall time read as UTC is close; the offset at that guess is exact
        // except within a daylight-saving change.
        return stryMutAct_9fa48("59") ? wall + zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone) : (stryCov_9fa48("59"), wall - zoneOffsetMs(stryMutAct_9fa48("60") ? wall + zoneOffsetMs(wall, timeZone) : (stryCov_9fa48("60"), wall - zoneOffsetMs(wall, timeZone)), timeZone));
      }
    } catch {
      if (stryMutAct_9fa48("61")) {
        {}
      } else {
        stryCov_9fa48("61");
        return wall;
      }
    }
  }
}

/** The instant a value names, or undefined when it is not a date. */
export function toInstant(value: unknown, timeZone: string): Date | undefined {
  if (stryMutAct_9fa48("62")) {
    {}
  } else {
    stryCov_9fa48("62");
    if (stryMutAct_9fa48("65") ? (value === undefined || value === null) && value === '' : stryMutAct_9fa48("64") ? false : stryMutAct_9fa48("63") ? true : (stryCov_9fa48("63", "64", "65"), (stryMutAct_9fa48("67") ? value === undefined && value === null : stryMutAct_9fa48("66") ? false : (stryCov_9fa48("66", "67"), (stryMutAct_9fa48("69") ? value !== undefined : stryMutAct_9fa48("68") ? false : (stryCov_9fa48("68", "69"), value === undefined)) || (stryMutAct_9fa48("71") ? value !== null : stryMutAct_9fa48("70") ? false : (stryCov_9fa48("70", "71"), value === null)))) || (stryMutAct_9fa48("73") ? value !== '' : stryMutAct_9fa48("72") ? false : (stryCov_9fa48("72", "73"), value === (stryMutAct_9fa48("74") ? "Stryker was here!" : (stryCov_9fa48("74"), '')))))) return undefined;
    if (stryMutAct_9fa48("76") ? false : stryMutAct_9fa48("75") ? true : (stryCov_9fa48("75", "76"), value instanceof Date)) return Number.isNaN(value.getTime()) ? undefined : value;
    if (stryMutAct_9fa48("79") ? typeof value === 'object' || typeof (value as {
      toMillis?: unknown;
    }).toMillis === 'function' : stryMutAct_9fa48("78") ? false : stryMutAct_9fa48("77") ? true : (stryCov_9fa48("77", "78", "79"), (stryMutAct_9fa48("81") ? typeof value !== 'object' : stryMutAct_9fa48("80") ? true : (stryCov_9fa48("80", "81"), typeof value === (stryMutAct_9fa48("82") ? "" : (stryCov_9fa48("82"), 'object')))) && (stryMutAct_9fa48("84") ? typeof (value as {
      toMillis?: unknown;
    }).toMillis !== 'function' : stryMutAct_9fa48("83") ? true : (stryCov_9fa48("83", "84"), typeof (value as {
      toMillis?: unknown;
    }).toMillis === (stryMutAct_9fa48("85") ? "" : (stryCov_9fa48("85"), 'function')))))) {
      if (stryMutAct_9fa48("86")) {
        {}
      } else {
        stryCov_9fa48("86");
        const ms = (value as {
          toMillis(): number;
        }).toMillis();
        return Number.isFinite(ms) ? new Date(ms) : undefined;
      }
    }
    const text = stryMutAct_9fa48("87") ? String(value) : (stryCov_9fa48("87"), String(value).trim());
    const local = LOCAL_DATE_TIME.exec(text);
    if (stryMutAct_9fa48("89") ? false : stryMutAct_9fa48("88") ? true : (stryCov_9fa48("88", "89"), local)) {
      if (stryMutAct_9fa48("90")) {
        {}
      } else {
        stryCov_9fa48("90");
        const [, y, mo, d, h, mi, s = stryMutAct_9fa48("91") ? "" : (stryCov_9fa48("91"), '0'), ms = stryMutAct_9fa48("92") ? "" : (stryCov_9fa48("92"), '0')] = local;
        const wall = Date.UTC(Number(y), stryMutAct_9fa48("93") ? Number(mo) + 1 : (stryCov_9fa48("93"), Number(mo) - 1), Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, stryMutAct_9fa48("94") ? "" : (stryCov_9fa48("94"), '0'))));
        // Date.UTC rolls month 13 or minute 61 over; such a value is not a date.
        const check = new Date(wall);
        const exact = stryMutAct_9fa48("97") ? check.getUTCMonth() === Number(mo) - 1 && check.getUTCDate() === Number(d) && check.getUTCHours() === Number(h) && check.getUTCMinutes() === Number(mi) || check.getUTCSeconds() === Number(s) : stryMutAct_9fa48("96") ? false : stryMutAct_9fa48("95") ? true : (stryCov_9fa48("95", "96", "97"), (stryMutAct_9fa48("99") ? check.getUTCMonth() === Number(mo) - 1 && check.getUTCDate() === Number(d) && check.getUTCHours() === Number(h) || check.getUTCMinutes() === Number(mi) : stryMutAct_9fa48("98") ? true : (stryCov_9fa48("98", "99"), (stryMutAct_9fa48("101") ? check.getUTCMonth() === Number(mo) - 1 && check.getUTCDate() === Number(d) || check.getUTCHours() === Number(h) : stryMutAct_9fa48("100") ? true : (stryCov_9fa48("100", "101"), (stryMutAct_9fa48("103") ? check.getUTCMonth() === Number(mo) - 1 || check.getUTCDate() === Number(d) : stryMutAct_9fa48("102") ? true : (stryCov_9fa48("102", "103"), (stryMutAct_9fa48("105") ? check.getUTCMonth() !== Number(mo) - 1 : stryMutAct_9fa48("104") ? true : (stryCov_9fa48("104", "105"), check.getUTCMonth() === (stryMutAct_9fa48("106") ? Number(mo) + 1 : (stryCov_9fa48("106"), Number(mo) - 1)))) && (stryMutAct_9fa48("108") ? check.getUTCDate() !== Number(d) : stryMutAct_9fa48("107") ? true : (stryCov_9fa48("107", "108"), check.getUTCDate() === Number(d))))) && (stryMutAct_9fa48("110") ? check.getUTCHours() !== Number(h) : stryMutAct_9fa48("109") ? true : (stryCov_9fa48("109", "110"), check.getUTCHours() === Number(h))))) && (stryMutAct_9fa48("112") ? check.getUTCMinutes() !== Number(mi) : stryMutAct_9fa48("111") ? true : (stryCov_9fa48("111", "112"), check.getUTCMinutes() === Number(mi))))) && (stryMutAct_9fa48("114") ? check.getUTCSeconds() !== Number(s) : stryMutAct_9fa48("113") ? true : (stryCov_9fa48("113", "114"), check.getUTCSeconds() === Number(s))));
        return exact ? new Date(fromWallClock(wall, timeZone)) : undefined;
      }
    }
    if (stryMutAct_9fa48("116") ? false : stryMutAct_9fa48("115") ? true : (stryCov_9fa48("115", "116"), DATE_ONLY.test(text))) {
      if (stryMutAct_9fa48("117")) {
        {}
      } else {
        stryCov_9fa48("117");
        const date = new Date(stryMutAct_9fa48("118") ? `` : (stryCov_9fa48("118"), `${text}T00:00:00.000Z`));
        return Number.isNaN(date.getTime()) ? undefined : date;
      }
    }
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
}