/**
 * One definition per parameter name, where n8n's display rules allow it.
 *
 * n8n's routing engine walks a declarative node's top-level property definitions for every
 * item and evaluates the value stored under each definition's name, whether the definition
 * is shown or not. A parameter that five operations define separately (Contact in Get,
 * Activity, Note, Visit and Redeem) has the user's expression evaluated five times per
 * item, whichever operation runs, and n8n >= 2.38 walks the definitions a second time to
 * find the base URL. The resources keep declaring their parameters next to their
 * operations, as n8n's templates do; the node merges the definitions that share a name.
 *
 * Two definitions merge when they are the same apart from where they are shown (and
 * collections always, their options keeping where each was shown), and when one
 * `displayOptions.show` of resources × operations shows the merged definition exactly
 * where the two were shown: n8n cannot say "(contact and get) or (note and create)", so
 * some names keep more than one definition.
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
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
type Pair = `${string}:${string}`;
interface Scope {
  /** Resources shown for (null: all). */
  resources: string[] | null;
  /** Operations shown for (null: all). */
  operations: string[] | null;
  /** Display conditions on other parameters, which must match to merge. */
  rest: string;
}
interface Member {
  property: INodeProperties;
  scope: Scope;
  pairs: Set<Pair>;
}

/** Every resource:operation pair the node has, from its Resource and Operation parameters. */
function operationPairs(properties: INodeProperties[]): Pair[] {
  if (stryMutAct_9fa48("119")) {
    {}
  } else {
    stryCov_9fa48("119");
    const pairs: Pair[] = stryMutAct_9fa48("120") ? ["Stryker was here"] : (stryCov_9fa48("120"), []);
    const resources = stryMutAct_9fa48("121") ? properties.find(p => p.name === 'resource')?.options && [] : (stryCov_9fa48("121"), (stryMutAct_9fa48("122") ? properties.find(p => p.name === 'resource').options : (stryCov_9fa48("122"), properties.find(stryMutAct_9fa48("123") ? () => undefined : (stryCov_9fa48("123"), p => stryMutAct_9fa48("126") ? p.name !== 'resource' : stryMutAct_9fa48("125") ? false : stryMutAct_9fa48("124") ? true : (stryCov_9fa48("124", "125", "126"), p.name === (stryMutAct_9fa48("127") ? "" : (stryCov_9fa48("127"), 'resource')))))?.options)) ?? (stryMutAct_9fa48("128") ? ["Stryker was here"] : (stryCov_9fa48("128"), [])));
    for (const resource of resources) {
      if (stryMutAct_9fa48("129")) {
        {}
      } else {
        stryCov_9fa48("129");
        const value = String((resource as {
          value: unknown;
        }).value);
        for (const operation of stryMutAct_9fa48("130") ? properties : (stryCov_9fa48("130"), properties.filter(stryMutAct_9fa48("131") ? () => undefined : (stryCov_9fa48("131"), p => stryMutAct_9fa48("134") ? p.name !== 'operation' : stryMutAct_9fa48("133") ? false : stryMutAct_9fa48("132") ? true : (stryCov_9fa48("132", "133", "134"), p.name === (stryMutAct_9fa48("135") ? "" : (stryCov_9fa48("135"), 'operation'))))))) {
          if (stryMutAct_9fa48("136")) {
            {}
          } else {
            stryCov_9fa48("136");
            if (stryMutAct_9fa48("139") ? false : stryMutAct_9fa48("138") ? true : stryMutAct_9fa48("137") ? operation.displayOptions?.show?.resource?.includes(value) : (stryCov_9fa48("137", "138", "139"), !(stryMutAct_9fa48("142") ? operation.displayOptions.show?.resource?.includes(value) : stryMutAct_9fa48("141") ? operation.displayOptions?.show.resource?.includes(value) : stryMutAct_9fa48("140") ? operation.displayOptions?.show?.resource.includes(value) : (stryCov_9fa48("140", "141", "142"), operation.displayOptions?.show?.resource?.includes(value))))) continue;
            for (const option of stryMutAct_9fa48("143") ? operation.options && [] : (stryCov_9fa48("143"), operation.options ?? (stryMutAct_9fa48("144") ? ["Stryker was here"] : (stryCov_9fa48("144"), [])))) if (stryMutAct_9fa48("145")) {
              ;
            } else {
              stryCov_9fa48("145");
              pairs.push(stryMutAct_9fa48("146") ? `` : (stryCov_9fa48("146"), `${value}:${String((option as {
                value: unknown;
              }).value)}`));
            }
          }
        }
      }
    }
    return pairs;
  }
}
function scopeOf(displayOptions: IDisplayOptions | undefined, prefix: '' | '/'): Scope {
  if (stryMutAct_9fa48("147")) {
    {}
  } else {
    stryCov_9fa48("147");
    const show = stryMutAct_9fa48("148") ? {} : (stryCov_9fa48("148"), {
      ...(stryMutAct_9fa48("149") ? displayOptions?.show && {} : (stryCov_9fa48("149"), (stryMutAct_9fa48("150") ? displayOptions.show : (stryCov_9fa48("150"), displayOptions?.show)) ?? {}))
    });
    const resources = stryMutAct_9fa48("151") ? show[`${prefix}resource`] as string[] | undefined && null : (stryCov_9fa48("151"), show[`${prefix}resource`] as string[] | undefined ?? null);
    const operations = stryMutAct_9fa48("152") ? show[`${prefix}operation`] as string[] | undefined && null : (stryCov_9fa48("152"), show[`${prefix}operation`] as string[] | undefined ?? null);
    delete show[stryMutAct_9fa48("153") ? `` : (stryCov_9fa48("153"), `${prefix}resource`)];
    delete show[stryMutAct_9fa48("154") ? `` : (stryCov_9fa48("154"), `${prefix}operation`)];
    return stryMutAct_9fa48("155") ? {} : (stryCov_9fa48("155"), {
      resources,
      operations,
      rest: JSON.stringify(stryMutAct_9fa48("156") ? {} : (stryCov_9fa48("156"), {
        show,
        hide: stryMutAct_9fa48("157") ? displayOptions?.hide && {} : (stryCov_9fa48("157"), (stryMutAct_9fa48("158") ? displayOptions.hide : (stryCov_9fa48("158"), displayOptions?.hide)) ?? {})
      }))
    });
  }
}
function shownPairs(scope: Pick<Scope, 'resources' | 'operations'>, all: Pair[]): Set<Pair> {
  if (stryMutAct_9fa48("159")) {
    {}
  } else {
    stryCov_9fa48("159");
    return new Set(stryMutAct_9fa48("160") ? all : (stryCov_9fa48("160"), all.filter(pair => {
      if (stryMutAct_9fa48("161")) {
        {}
      } else {
        stryCov_9fa48("161");
        const [resource, operation] = pair.split(stryMutAct_9fa48("162") ? "" : (stryCov_9fa48("162"), ':'));
        return stryMutAct_9fa48("165") ? (scope.resources?.includes(resource) ?? true) || (scope.operations?.includes(operation) ?? true) : stryMutAct_9fa48("164") ? false : stryMutAct_9fa48("163") ? true : (stryCov_9fa48("163", "164", "165"), (stryMutAct_9fa48("166") ? scope.resources?.includes(resource) && true : (stryCov_9fa48("166"), (stryMutAct_9fa48("167") ? scope.resources.includes(resource) : (stryCov_9fa48("167"), scope.resources?.includes(resource))) ?? (stryMutAct_9fa48("168") ? false : (stryCov_9fa48("168"), true)))) && (stryMutAct_9fa48("169") ? scope.operations?.includes(operation) && true : (stryCov_9fa48("169"), (stryMutAct_9fa48("170") ? scope.operations.includes(operation) : (stryCov_9fa48("170"), scope.operations?.includes(operation))) ?? (stryMutAct_9fa48("171") ? false : (stryCov_9fa48("171"), true)))));
      }
    })));
  }
}
const union = stryMutAct_9fa48("172") ? () => undefined : (stryCov_9fa48("172"), (() => {
  const union = (a: string[] | null, b: string[] | null) => (stryMutAct_9fa48("175") ? a === null && b === null : stryMutAct_9fa48("174") ? false : stryMutAct_9fa48("173") ? true : (stryCov_9fa48("173", "174", "175"), (stryMutAct_9fa48("177") ? a !== null : stryMutAct_9fa48("176") ? false : (stryCov_9fa48("176", "177"), a === null)) || (stryMutAct_9fa48("179") ? b !== null : stryMutAct_9fa48("178") ? false : (stryCov_9fa48("178", "179"), b === null)))) ? null : stryMutAct_9fa48("180") ? [] : (stryCov_9fa48("180"), [...new Set(stryMutAct_9fa48("181") ? [] : (stryCov_9fa48("181"), [...a, ...b]))]);
  return union;
})());
function withoutDisplay(property: INodeProperties): string {
  if (stryMutAct_9fa48("182")) {
    {}
  } else {
    stryCov_9fa48("182");
    return JSON.stringify(stryMutAct_9fa48("183") ? {} : (stryCov_9fa48("183"), {
      ...property,
      displayOptions: undefined
    }), stryMutAct_9fa48("184") ? () => undefined : (stryCov_9fa48("184"), (_key, value: unknown) => (stryMutAct_9fa48("187") ? typeof value !== 'function' : stryMutAct_9fa48("186") ? false : stryMutAct_9fa48("185") ? true : (stryCov_9fa48("185", "186", "187"), typeof value === (stryMutAct_9fa48("188") ? "" : (stryCov_9fa48("188"), 'function')))) ? String(value) : value));
  }
}
function mergeable(a: Member, b: Member, all: Pair[]): boolean {
  if (stryMutAct_9fa48("189")) {
    {}
  } else {
    stryCov_9fa48("189");
    if (stryMutAct_9fa48("192") ? a.scope.rest === b.scope.rest : stryMutAct_9fa48("191") ? false : stryMutAct_9fa48("190") ? true : (stryCov_9fa48("190", "191", "192"), a.scope.rest !== b.scope.rest)) return stryMutAct_9fa48("193") ? true : (stryCov_9fa48("193"), false);
    const bothCollections = stryMutAct_9fa48("196") ? a.property.type === 'collection' || b.property.type === 'collection' : stryMutAct_9fa48("195") ? false : stryMutAct_9fa48("194") ? true : (stryCov_9fa48("194", "195", "196"), (stryMutAct_9fa48("198") ? a.property.type !== 'collection' : stryMutAct_9fa48("197") ? true : (stryCov_9fa48("197", "198"), a.property.type === (stryMutAct_9fa48("199") ? "" : (stryCov_9fa48("199"), 'collection')))) && (stryMutAct_9fa48("201") ? b.property.type !== 'collection' : stryMutAct_9fa48("200") ? true : (stryCov_9fa48("200", "201"), b.property.type === (stryMutAct_9fa48("202") ? "" : (stryCov_9fa48("202"), 'collection')))));
    if (stryMutAct_9fa48("204") ? false : stryMutAct_9fa48("203") ? true : (stryCov_9fa48("203", "204"), bothCollections)) {
      if (stryMutAct_9fa48("205")) {
        {}
      } else {
        stryCov_9fa48("205");
        if (stryMutAct_9fa48("208") ? a.property.displayName !== b.property.displayName && a.property.placeholder !== b.property.placeholder : stryMutAct_9fa48("207") ? false : stryMutAct_9fa48("206") ? true : (stryCov_9fa48("206", "207", "208"), (stryMutAct_9fa48("210") ? a.property.displayName === b.property.displayName : stryMutAct_9fa48("209") ? false : (stryCov_9fa48("209", "210"), a.property.displayName !== b.property.displayName)) || (stryMutAct_9fa48("212") ? a.property.placeholder === b.property.placeholder : stryMutAct_9fa48("211") ? false : (stryCov_9fa48("211", "212"), a.property.placeholder !== b.property.placeholder)))) return stryMutAct_9fa48("213") ? true : (stryCov_9fa48("213"), false);
      }
    } else if (stryMutAct_9fa48("216") ? withoutDisplay(a.property) === withoutDisplay(b.property) : stryMutAct_9fa48("215") ? false : stryMutAct_9fa48("214") ? true : (stryCov_9fa48("214", "215", "216"), withoutDisplay(a.property) !== withoutDisplay(b.property))) {
      if (stryMutAct_9fa48("217")) {
        {}
      } else {
        stryCov_9fa48("217");
        return stryMutAct_9fa48("218") ? true : (stryCov_9fa48("218"), false);
      }
    }
    const merged = shownPairs(stryMutAct_9fa48("219") ? {} : (stryCov_9fa48("219"), {
      resources: union(a.scope.resources, b.scope.resources),
      operations: union(a.scope.operations, b.scope.operations)
    }), all);
    return stryMutAct_9fa48("222") ? merged.size === new Set([...a.pairs, ...b.pairs]).size || [...a.pairs, ...b.pairs].every(pair => merged.has(pair)) : stryMutAct_9fa48("221") ? false : stryMutAct_9fa48("220") ? true : (stryCov_9fa48("220", "221", "222"), (stryMutAct_9fa48("224") ? merged.size !== new Set([...a.pairs, ...b.pairs]).size : stryMutAct_9fa48("223") ? true : (stryCov_9fa48("223", "224"), merged.size === new Set(stryMutAct_9fa48("225") ? [] : (stryCov_9fa48("225"), [...a.pairs, ...b.pairs])).size)) && (stryMutAct_9fa48("226") ? [...a.pairs, ...b.pairs].some(pair => merged.has(pair)) : (stryCov_9fa48("226"), (stryMutAct_9fa48("227") ? [] : (stryCov_9fa48("227"), [...a.pairs, ...b.pairs])).every(stryMutAct_9fa48("228") ? () => undefined : (stryCov_9fa48("228"), pair => merged.has(pair))))));
  }
}
function withScope(scope: Scope, prefix: '' | '/'): IDisplayOptions | undefined {
  if (stryMutAct_9fa48("229")) {
    {}
  } else {
    stryCov_9fa48("229");
    const rest = JSON.parse(scope.rest) as {
      show: Record<string, unknown>;
      hide: Record<string, unknown>;
    };
    const show: Record<string, unknown> = stryMutAct_9fa48("230") ? {} : (stryCov_9fa48("230"), {
      ...rest.show
    });
    if (stryMutAct_9fa48("232") ? false : stryMutAct_9fa48("231") ? true : (stryCov_9fa48("231", "232"), scope.resources)) show[stryMutAct_9fa48("233") ? `` : (stryCov_9fa48("233"), `${prefix}resource`)] = scope.resources;
    if (stryMutAct_9fa48("235") ? false : stryMutAct_9fa48("234") ? true : (stryCov_9fa48("234", "235"), scope.operations)) show[stryMutAct_9fa48("236") ? `` : (stryCov_9fa48("236"), `${prefix}operation`)] = scope.operations;
    const result: IDisplayOptions = {};
    if (stryMutAct_9fa48("238") ? false : stryMutAct_9fa48("237") ? true : (stryCov_9fa48("237", "238"), Object.keys(show).length)) result.show = show as IDisplayOptions['show'];
    if (stryMutAct_9fa48("240") ? false : stryMutAct_9fa48("239") ? true : (stryCov_9fa48("239", "240"), Object.keys(rest.hide).length)) result.hide = rest.hide as IDisplayOptions['hide'];
    return Object.keys(result).length ? result : undefined;
  }
}

/** Greedy clusters of mergeable members, in order of first appearance. */
function cluster(members: Member[], all: Pair[]): Member[][] {
  if (stryMutAct_9fa48("241")) {
    {}
  } else {
    stryCov_9fa48("241");
    const clusters: Member[][] = stryMutAct_9fa48("242") ? ["Stryker was here"] : (stryCov_9fa48("242"), []);
    for (const member of members) {
      if (stryMutAct_9fa48("243")) {
        {}
      } else {
        stryCov_9fa48("243");
        const home = clusters.find(stryMutAct_9fa48("244") ? () => undefined : (stryCov_9fa48("244"), c => mergeable(combine(c, all), member, all)));
        if (stryMutAct_9fa48("246") ? false : stryMutAct_9fa48("245") ? true : (stryCov_9fa48("245", "246"), home)) {
          if (stryMutAct_9fa48("247")) {
            ;
          } else {
            stryCov_9fa48("247");
            home.push(member);
          }
        } else clusters.push(stryMutAct_9fa48("249") ? [] : (stryCov_9fa48("249"), [member]));
      }
    }
    return clusters;
  }
}
function combine(members: Member[], all: Pair[]): Member {
  if (stryMutAct_9fa48("250")) {
    {}
  } else {
    stryCov_9fa48("250");
    const scope = stryMutAct_9fa48("251") ? members.reduce<Scope>((acc, m) => ({
      resources: union(acc.resources, m.scope.resources),
      operations: union(acc.operations, m.scope.operations),
      rest: acc.rest
    }), members[0].scope) : (stryCov_9fa48("251"), members.slice(1).reduce<Scope>(stryMutAct_9fa48("252") ? () => undefined : (stryCov_9fa48("252"), (acc, m) => stryMutAct_9fa48("253") ? {} : (stryCov_9fa48("253"), {
      resources: union(acc.resources, m.scope.resources),
      operations: union(acc.operations, m.scope.operations),
      rest: acc.rest
    })), members[0].scope));
    return stryMutAct_9fa48("254") ? {} : (stryCov_9fa48("254"), {
      property: members[0].property,
      scope,
      pairs: shownPairs(scope, all)
    });
  }
}

/** A collection's options, each shown only where its own definition was, then merged alike. */
function mergeOptions(members: Member[], all: Pair[]): INodeProperties[] {
  if (stryMutAct_9fa48("255")) {
    {}
  } else {
    stryCov_9fa48("255");
    const options: Member[] = stryMutAct_9fa48("256") ? ["Stryker was here"] : (stryCov_9fa48("256"), []);
    for (const member of members) {
      if (stryMutAct_9fa48("257")) {
        {}
      } else {
        stryCov_9fa48("257");
        for (const option of (member.property.options ?? []) as INodeProperties[]) {
          if (stryMutAct_9fa48("258")) {
            {}
          } else {
            stryCov_9fa48("258");
            const own = scopeOf(option.displayOptions, stryMutAct_9fa48("259") ? "" : (stryCov_9fa48("259"), '/'));
            const scope: Scope = stryMutAct_9fa48("260") ? {} : (stryCov_9fa48("260"), {
              resources: stryMutAct_9fa48("261") ? own.resources && member.scope.resources : (stryCov_9fa48("261"), own.resources ?? member.scope.resources),
              operations: stryMutAct_9fa48("262") ? own.operations && member.scope.operations : (stryCov_9fa48("262"), own.operations ?? member.scope.operations),
              rest: own.rest
            });
            options.push(stryMutAct_9fa48("264") ? {} : (stryCov_9fa48("264"), {
              property: option,
              scope,
              pairs: shownPairs(scope, all)
            }));
          }
        }
      }
    }
    const whole = combine(members, all);
    const merged = cluster(options, all).map(group => {
      if (stryMutAct_9fa48("265")) {
        {}
      } else {
        stryCov_9fa48("265");
        const scope = combine(group, all).scope;
        // Only narrower than the collection itself needs saying.
        const narrower: Scope = stryMutAct_9fa48("266") ? {} : (stryCov_9fa48("266"), {
          resources: (stryMutAct_9fa48("269") ? JSON.stringify(scope.resources) !== JSON.stringify(whole.scope.resources) : stryMutAct_9fa48("268") ? false : stryMutAct_9fa48("267") ? true : (stryCov_9fa48("267", "268", "269"), JSON.stringify(scope.resources) === JSON.stringify(whole.scope.resources))) ? null : scope.resources,
          operations: (stryMutAct_9fa48("272") ? JSON.stringify(scope.operations) !== JSON.stringify(whole.scope.operations) : stryMutAct_9fa48("271") ? false : stryMutAct_9fa48("270") ? true : (stryCov_9fa48("270", "271", "272"), JSON.stringify(scope.operations) === JSON.stringify(whole.scope.operations))) ? null : scope.operations,
          rest: scope.rest
        });
        const option: INodeProperties = stryMutAct_9fa48("273") ? {} : (stryCov_9fa48("273"), {
          ...group[0].property
        });
        delete option.displayOptions;
        const display = withScope(narrower, stryMutAct_9fa48("274") ? "" : (stryCov_9fa48("274"), '/'));
        return display ? stryMutAct_9fa48("275") ? {} : (stryCov_9fa48("275"), {
          ...option,
          displayOptions: display
        }) : option;
      }
    });
    return stryMutAct_9fa48("276") ? merged : (stryCov_9fa48("276"), merged.sort(stryMutAct_9fa48("277") ? () => undefined : (stryCov_9fa48("277"), (a, b) => a.displayName.localeCompare(b.displayName))));
  }
}

/**
 * The node's properties with same-named definitions merged, ordered so that every operation
 * still shows its parameters in the order it declared them (the tests check this for every
 * operation): a topological order of "comes before" within each operation, ties broken by
 * the declaration order.
 */
export function mergeSameNamedProperties(properties: INodeProperties[]): INodeProperties[] {
  if (stryMutAct_9fa48("278")) {
    {}
  } else {
    stryCov_9fa48("278");
    const all = operationPairs(properties);
    const byName = new Map<string, Member[]>();
    const members: Member[] = properties.map(property => {
      if (stryMutAct_9fa48("279")) {
        {}
      } else {
        stryCov_9fa48("279");
        const scope = scopeOf(property.displayOptions, stryMutAct_9fa48("280") ? "Stryker was here!" : (stryCov_9fa48("280"), ''));
        const member = stryMutAct_9fa48("281") ? {} : (stryCov_9fa48("281"), {
          property,
          scope,
          pairs: shownPairs(scope, all)
        });
        byName.set(property.name, stryMutAct_9fa48("283") ? [] : (stryCov_9fa48("283"), [...(stryMutAct_9fa48("284") ? byName.get(property.name) && [] : (stryCov_9fa48("284"), byName.get(property.name) ?? (stryMutAct_9fa48("285") ? ["Stryker was here"] : (stryCov_9fa48("285"), [])))), member]));
        return member;
      }
    });
    // Each declared definition, and what it becomes (itself, or the merged definition of its group).
    const becomes = new Map<INodeProperties, INodeProperties>(properties.map(stryMutAct_9fa48("286") ? () => undefined : (stryCov_9fa48("286"), p => stryMutAct_9fa48("287") ? [] : (stryCov_9fa48("287"), [p, p]))));
    for (const [name, sameName] of byName) {
      if (stryMutAct_9fa48("288")) {
        {}
      } else {
        stryCov_9fa48("288");
        // The operation selectors differ per resource and are never expressions: kept as they are.
        if (stryMutAct_9fa48("291") ? name === 'operation' && sameName.length === 1 : stryMutAct_9fa48("290") ? false : stryMutAct_9fa48("289") ? true : (stryCov_9fa48("289", "290", "291"), (stryMutAct_9fa48("293") ? name !== 'operation' : stryMutAct_9fa48("292") ? false : (stryCov_9fa48("292", "293"), name === (stryMutAct_9fa48("294") ? "" : (stryCov_9fa48("294"), 'operation')))) || (stryMutAct_9fa48("296") ? sameName.length !== 1 : stryMutAct_9fa48("295") ? false : (stryCov_9fa48("295", "296"), sameName.length === 1)))) continue;
        for (const group of cluster(sameName, all)) {
          if (stryMutAct_9fa48("297")) {
            {}
          } else {
            stryCov_9fa48("297");
            if (stryMutAct_9fa48("300") ? group.length !== 1 : stryMutAct_9fa48("299") ? false : stryMutAct_9fa48("298") ? true : (stryCov_9fa48("298", "299", "300"), group.length === 1)) continue;
            const first = group[0].property;
            const merged: INodeProperties = stryMutAct_9fa48("301") ? {} : (stryCov_9fa48("301"), {
              ...first,
              displayOptions: withScope(combine(group, all).scope, stryMutAct_9fa48("302") ? "Stryker was here!" : (stryCov_9fa48("302"), ''))
            });
            if (stryMutAct_9fa48("305") ? first.type !== 'collection' : stryMutAct_9fa48("304") ? false : stryMutAct_9fa48("303") ? true : (stryCov_9fa48("303", "304", "305"), first.type === (stryMutAct_9fa48("306") ? "" : (stryCov_9fa48("306"), 'collection')))) {
              if (stryMutAct_9fa48("307")) {
                {}
              } else {
                stryCov_9fa48("307");
                merged.options = mergeOptions(group, all);
                if (stryMutAct_9fa48("311") ? new Set(group.map(m => m.property.description)).size <= 1 : stryMutAct_9fa48("310") ? new Set(group.map(m => m.property.description)).size >= 1 : stryMutAct_9fa48("309") ? false : stryMutAct_9fa48("308") ? true : (stryCov_9fa48("308", "309", "310", "311"), new Set(group.map(stryMutAct_9fa48("312") ? () => undefined : (stryCov_9fa48("312"), m => m.property.description))).size > 1)) delete merged.description;
              }
            }
            for (const member of group) if (stryMutAct_9fa48("313")) {
              ;
            } else {
              stryCov_9fa48("313");
              becomes.set(member.property, merged);
            }
          }
        }
      }
    }
    const result = stryMutAct_9fa48("314") ? [] : (stryCov_9fa48("314"), [...new Set(becomes.values())]);
    const position = new Map<INodeProperties, number>();
    if (stryMutAct_9fa48("315")) {
      ;
    } else {
      stryCov_9fa48("315");
      properties.forEach((p, index) => {
        if (stryMutAct_9fa48("316")) {
          {}
        } else {
          stryCov_9fa48("316");
          const target = becomes.get(p) as INodeProperties;
          if (stryMutAct_9fa48("319") ? false : stryMutAct_9fa48("318") ? true : stryMutAct_9fa48("317") ? position.has(target) : (stryCov_9fa48("317", "318", "319"), !position.has(target))) if (stryMutAct_9fa48("320")) {
            ;
          } else {
            stryCov_9fa48("320");
            position.set(target, index);
          }
        }
      });
    } // "a comes before b" for consecutive parameters of each operation, as declared.
    const after = new Map<INodeProperties, Set<INodeProperties>>(result.map(stryMutAct_9fa48("321") ? () => undefined : (stryCov_9fa48("321"), p => stryMutAct_9fa48("322") ? [] : (stryCov_9fa48("322"), [p, new Set()]))));
    const before = new Map<INodeProperties, number>(result.map(stryMutAct_9fa48("323") ? () => undefined : (stryCov_9fa48("323"), p => stryMutAct_9fa48("324") ? [] : (stryCov_9fa48("324"), [p, 0]))));
    for (const pair of all) {
      if (stryMutAct_9fa48("325")) {
        {}
      } else {
        stryCov_9fa48("325");
        const shown = stryMutAct_9fa48("326") ? members.map(m => becomes.get(m.property) as INodeProperties) : (stryCov_9fa48("326"), members.filter(stryMutAct_9fa48("327") ? () => undefined : (stryCov_9fa48("327"), m => m.pairs.has(pair))).map(stryMutAct_9fa48("328") ? () => undefined : (stryCov_9fa48("328"), m => becomes.get(m.property) as INodeProperties)));
        for (let i = 1; stryMutAct_9fa48("331") ? i >= shown.length : stryMutAct_9fa48("330") ? i <= shown.length : stryMutAct_9fa48("329") ? false : (stryCov_9fa48("329", "330", "331"), i < shown.length); stryMutAct_9fa48("332") ? i-- : (stryCov_9fa48("332"), i++)) {
          if (stryMutAct_9fa48("333")) {
            {}
          } else {
            stryCov_9fa48("333");
            const edges = after.get(shown[i - 1]) as Set<INodeProperties>;
            if (stryMutAct_9fa48("336") ? shown[i] !== shown[i - 1] || !edges.has(shown[i]) : stryMutAct_9fa48("335") ? false : stryMutAct_9fa48("334") ? true : (stryCov_9fa48("334", "335", "336"), (stryMutAct_9fa48("338") ? shown[i] === shown[i - 1] : stryMutAct_9fa48("337") ? true : (stryCov_9fa48("337", "338"), shown[i] !== shown[stryMutAct_9fa48("339") ? i + 1 : (stryCov_9fa48("339"), i - 1)])) && (stryMutAct_9fa48("340") ? edges.has(shown[i]) : (stryCov_9fa48("340"), !edges.has(shown[i]))))) {
              if (stryMutAct_9fa48("341")) {
                {}
              } else {
                stryCov_9fa48("341");
                if (stryMutAct_9fa48("342")) {
                  ;
                } else {
                  stryCov_9fa48("342");
                  edges.add(shown[i]);
                }
                if (stryMutAct_9fa48("343")) {
                  ;
                } else {
                  stryCov_9fa48("343");
                  before.set(shown[i], stryMutAct_9fa48("344") ? (before.get(shown[i]) as number) - 1 : (stryCov_9fa48("344"), (before.get(shown[i]) as number) + 1));
                }
              }
            }
          }
        }
      }
    }
    const ordered: INodeProperties[] = stryMutAct_9fa48("345") ? ["Stryker was here"] : (stryCov_9fa48("345"), []);
    const ready = stryMutAct_9fa48("346") ? result : (stryCov_9fa48("346"), result.filter(stryMutAct_9fa48("347") ? () => undefined : (stryCov_9fa48("347"), p => stryMutAct_9fa48("350") ? before.get(p) !== 0 : stryMutAct_9fa48("349") ? false : stryMutAct_9fa48("348") ? true : (stryCov_9fa48("348", "349", "350"), before.get(p) === 0))));
    while (stryMutAct_9fa48("351") ? false : (stryCov_9fa48("351"), ready.length)) {
      if (stryMutAct_9fa48("352")) {
        {}
      } else {
        stryCov_9fa48("352");
        if (stryMutAct_9fa48("353")) {
          ;
        } else {
          stryCov_9fa48("353");
          stryMutAct_9fa48("354") ? ready : (stryCov_9fa48("354"), ready.sort(stryMutAct_9fa48("355") ? () => undefined : (stryCov_9fa48("355"), (a, b) => stryMutAct_9fa48("356") ? (position.get(a) as number) + (position.get(b) as number) : (stryCov_9fa48("356"), (position.get(a) as number) - (position.get(b) as number)))));
        }
        const next = ready.shift() as INodeProperties;
        if (stryMutAct_9fa48("357")) {
          ;
        } else {
          stryCov_9fa48("357");
          ordered.push(next);
        }
        for (const successor of after.get(next) as Set<INodeProperties>) {
          if (stryMutAct_9fa48("358")) {
            {}
          } else {
            stryCov_9fa48("358");
            if (stryMutAct_9fa48("359")) {
              ;
            } else {
              stryCov_9fa48("359");
              before.set(successor, stryMutAct_9fa48("360") ? (before.get(successor) as number) + 1 : (stryCov_9fa48("360"), (before.get(successor) as number) - 1));
            }
            if (stryMutAct_9fa48("363") ? before.get(successor) !== 0 : stryMutAct_9fa48("362") ? false : stryMutAct_9fa48("361") ? true : (stryCov_9fa48("361", "362", "363"), before.get(successor) === 0)) if (stryMutAct_9fa48("364")) {
              ;
            } else {
              stryCov_9fa48("364");
              ready.push(successor);
            }
          }
        }
      }
    }
    if (stryMutAct_9fa48("367") ? ordered.length === result.length : stryMutAct_9fa48("366") ? false : stryMutAct_9fa48("365") ? true : (stryCov_9fa48("365", "366", "367"), ordered.length !== result.length)) {
      if (stryMutAct_9fa48("368")) {
        {}
      } else {
        stryCov_9fa48("368");
        throw new Error(stryMutAct_9fa48("370") ? "" : (stryCov_9fa48("370"), 'mergeSameNamedProperties: two operations declare shared parameters in opposite orders'));
      }
    }
    return ordered;
  }
}