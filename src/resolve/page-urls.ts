/**
 * Page URLs as the platform gives them (platform-facts §1a): every path a page wants, settled once
 * every page is known. Ordinary pages are the author's and keep their path; generated and endpoint
 * pages that want one path share it by the platform's rule.
 *
 * The platform's rule (@mintlify/prebuild 1.0.1341, every placement of bench/openapi-collision-cases.mjs):
 * every generated page is written into one map by its path, and the later write is kept, whichever
 * version, language or tab it is in. Endpoint entries are written first, in navigation order; then
 * the bulk generations, in rounds: an element's generation starts once those of the elements above
 * it that generate have ended, and the generations of one round end in navigation order (see
 * `WriteOrder.round`). Only a bulk
 * generation suffixes its own clashing pages (operations.ts); two entries of one spec at one path
 * are one page too. Every entry naming the path links to the page kept there.
 */
import type { ElementNode } from '../navigation/walk.js';
import type { Finding } from '../problem.js';
import { graphqlRouteKey } from './graphql.js';
import { mergeByPointer } from './merge-findings.js';

/** When the platform writes a generated page: endpoint entries (0), bulk generations (1), AsyncAPI channels (2), GraphQL pages (3), then by `order`. */
export interface WriteOrder {
  phase: 0 | 1 | 2 | 3;
  /**
   * A bulk generation's round, asked once every element is known: how many elements above it generate
   * pages in bulk. Prebuild's generateBulkNav awaits an element's own generation before it walks the
   * elements below, and starts siblings together, so a generation two elements deep writes after one
   * at the top of another division, wherever the two are in the navigation (measured with
   * @mintlify/prebuild 1.0.1341: an anchor's own `openapi` and its group's against a later language's;
   * an element whose spec an endpoint entry uses generates nothing and adds no round). Absent: 0.
   */
  round?: () => number;
  /** An endpoint entry's place in the navigation; a bulk generation's element's, parents first. */
  order: number;
}

/** One page path wanted in a section; the URL is decided once every page is known (the page written last keeps it). */
interface Claim {
  page: ClaimedPage;
  wanted: string;
  /** The spec and operation (`api.json GET /users`). */
  owner: string;
  spec: string;
  at: string;
  section: ElementNode;
  write: WriteOrder;
}

/** What settling changes on a page: its path (a suffix), or that it is lost to another page. */
interface ClaimedPage {
  id: string;
  path: string;
  kind: string;
  title: string | null;
  lostTo?: string;
}

export class PageUrls {
  /** Every path a generated or endpoint page wants, in navigation order. */
  private readonly claims: Claim[] = [];
  /**
   * Each section's ordinary page paths. They are the author's: they keep their URL whatever
   * else wants it, so only the paths are kept (and looked at only in sections with endpoints).
   */
  private readonly authored = new Map<ElementNode, string[]>();
  /** The last section an ordinary page was in, and its list: pages come in runs of one section. */
  private authoredSection: ElementNode | undefined = undefined;
  private authoredList: string[] = [];
  /** Sections with endpoint pages: ordinary pages alone never clash (one path is one page). */
  private readonly endpointSections = new Set<ElementNode>();

  /** Pages lost to a later page of another spec, and that page (ids are final only once `nav` is built). */
  private readonly lost: Array<{ page: ClaimedPage; to: ClaimedPage }> = [];

  /** What an earlier page of another spec gets when a later one takes its path (the profile's `crossSpecClash`). */
  constructor(private readonly crossSpecClash: 'suffix' | 'lost' = 'suffix') {}

  /** An ordinary page's path in its section. */
  authoredPage(section: ElementNode, pagePath: string): void {
    if (section !== this.authoredSection) {
      this.authoredSection = section;
      let list = this.authored.get(section);
      if (!list) this.authored.set(section, (list = []));
      this.authoredList = list;
    }
    this.authoredList.push(pagePath);
  }

  /** Every ordinary page path listed (validation keeps no tree of them: the site rules ask here). */
  *authoredPaths(): Iterable<string> {
    for (const list of this.authored.values()) yield* list;
  }

  /** A generated or endpoint page of `spec` wants its path in a section (`operation`: `GET /users`), written by the platform at `write`. */
  claim(page: ClaimedPage, spec: string, operation: string, section: ElementNode, pointer: string, write: WriteOrder): void {
    this.claims.push({ page, wanted: page.path, owner: `${spec} ${operation}`, spec, at: pointer, section, write });
    if (page.kind === 'endpoint') this.endpointSections.add(section);
  }

  /**
   * Settles the URLs: where pages want one path, the one the platform writes last keeps it.
   * Under the platform profile (`lost`) that is so across the whole site, and every other page
   * with a different owner is marked lost at that path (`lostTo`), as the platform serves it: no
   * URL the platform does not have. Under the spec profile, pages of one section only, and each
   * other page gets the next free `-1`, `-2`, … (a slug-collision: on the platform it would be
   * lost). The same owner listed twice keeps its path (duplicate-page says so). A path also
   * listed as an ordinary page is the author's: the platform writes generated pages first and the
   * author's file over them, so every entry there keeps the one URL and shows that file (an info
   * says so at each generated entry). Suffixes skip every path some page wants, and a counter per
   * path makes the whole pass linear. Returns the findings to report, one per pointer and code.
   */
  settle(): Finding[] {
    const findings: Finding[] = [];
    const graphql = this.claims.filter((claim) => claim.write.phase === 3);
    const others = this.claims.filter((claim) => claim.write.phase !== 3);
    if (this.crossSpecClash === 'lost') {
      // A GraphQL page never shares a route with an OpenAPI or AsyncAPI page on the platform, nor with a page
      // file: its build fails (generatedRoutesCollide here; the page files, tree.ts's pageFilesAtGraphqlRoutes).
      // So the GraphQL pages are settled apart, and not against the author's pages.
      if (others.length > 0) this.settleSection(others, new Set(this.authoredPaths()), findings);
      if (graphql.length > 0) this.settleSection(graphql, new Set(), findings);
      findings.push(...generatedRoutesCollide(graphql, others));
    } else {
      for (const [section, claims] of this.claimsBySection()) this.settleSection(claims, new Set(this.authored.get(section)), findings);
      // Across sections the spec profile keeps both paths; the platform's build fails all the same.
      findings.push(...generatedRoutesCollide(graphql, others));
    }
    // Pages of one bulk generation share a pointer: one finding there, messages joined.
    return mergeByPointer(findings);
  }

  /**
   * Marks each lost page with the id of the page served at its path (once the ids are final), and
   * gives it that page's title: its entry in the navigation shows the page served there, as on the
   * platform (its build decorates every entry of a path with the one page it wrote there).
   */
  markLost(): void {
    for (const { page, to } of this.lost) {
      page.lostTo = to.id;
      page.title = to.title;
    }
  }

  /** The claims of sections with endpoint pages (the only ones where paths can clash), per section. */
  private claimsBySection(): Map<ElementNode, Claim[]> {
    const bySection = new Map<ElementNode, Claim[]>();
    for (const claim of this.claims) {
      if (!this.endpointSections.has(claim.section)) continue;
      const list = bySection.get(claim.section);
      if (list) list.push(claim);
      else bySection.set(claim.section, [claim]);
    }
    return bySection;
  }

  /** `authored`: the ordinary page paths listed where these claims compete. */
  private settleSection(unordered: readonly Claim[], authored: ReadonlySet<string>, findings: Finding[]): void {
    // In the order the platform writes them (a stable sort: claims come in navigation order).
    const round = new Map(unordered.map((claim) => [claim, claim.write.round?.() ?? 0]));
    const claims = [...unordered].sort((a, b) => a.write.phase - b.write.phase || round.get(a)! - round.get(b)! || a.write.order - b.write.order);
    const keeper = new Map<string, Claim>();
    // A page path listed as an ordinary page is the author's: on the platform its file
    // replaces any generated page there, and every entry links to that one URL. No suffixes.
    for (const claim of claims) keeper.set(claim.wanted, claim);
    const used = new Set([...keeper.keys(), ...authored]);
    const next = new Map<string, number>();
    for (const claim of claims) {
      const winning = keeper.get(claim.wanted)!;
      const winner = winning.owner;
      if (authored.has(claim.wanted)) {
        findings.push({
          code: 'slug-collision',
          message: `"${claim.wanted}" is also a page listed in this section: on the platform its file replaces the page generated for ${claim.owner.replace(/^\S+ /, '')} (of ${claim.owner.split(' ')[0]}), and this entry links to that file's page at the same URL.`,
          pointer: claim.at,
          severity: 'info',
        });
        continue;
      }
      if (winner === claim.owner) continue;
      const after = writtenAfter(claim, winning);
      if (this.crossSpecClash === 'lost') {
        this.lost.push({ page: claim.page, to: winning.page });
        findings.push({
          code: 'slug-collision',
          message: `"${claim.wanted}" is also the path of ${winner}, ${after}; the platform serves that one at this URL and this page at none (the tree marks it lost: \`lostTo\`).`,
          pointer: claim.at,
        });
        continue;
      }
      let n = next.get(claim.wanted) ?? 1;
      while (used.has(`${claim.wanted}-${n}`)) n++;
      next.set(claim.wanted, n + 1);
      const suffixed = `${claim.wanted}-${n}`;
      used.add(suffixed);
      claim.page.path = suffixed;
      // No `suggest`: writing the suffixed path in place of the entry would name no file (or stop being an endpoint entry).
      findings.push({
        code: 'slug-collision',
        message: `"${claim.wanted}" is also the path of ${winner}, ${after}; the platform keeps that one under this URL and loses this page, which docsnav gives "${suffixed}".`,
        pointer: claim.at,
      });
    }
  }
}

/**
 * A GraphQL page at the route of an OpenAPI or AsyncAPI page (an endpoint entry's or one generated in bulk),
 * as the platform compares routes (graphqlRouteKey: case, `\\` and Unicode forms ignored): prebuild
 * 1.0.1341 fails the build ("Generated GraphQL route … collides with generated OpenAPI route …",
 * assertNoGeneratedRouteCollisions), wherever the two are in the navigation, and whether or not the
 * author lists a page there too (measured).
 */
function generatedRoutesCollide(graphql: readonly Claim[], others: readonly Claim[]): Finding[] {
  if (graphql.length === 0 || others.length === 0) return [];
  const byRoute = new Map<string, Claim>();
  // Their paths once settled: under the spec profile a page of one section may have been given a `-1`.
  for (const claim of others) {
    const key = graphqlRouteKey(claim.page.path);
    if (!byRoute.has(key)) byRoute.set(key, claim);
  }
  const findings: Finding[] = [];
  for (const claim of graphql) {
    const other = byRoute.get(graphqlRouteKey(claim.page.path));
    if (other === undefined) continue;
    const kind = other.write.phase === 2 ? 'AsyncAPI' : 'OpenAPI';
    findings.push({
      code: 'graphql-invalid',
      message: `The GraphQL page "${claim.page.path}" (${claim.owner}) and the ${kind} page "${other.page.path}" (${other.owner}, at ${other.at}) are one route to the platform, whose routes ignore case; it fails the build.`,
      pointer: claim.at,
    });
  }
  return findings;
}

/** Why the platform writes `winner` after `claim` (which it overwrites), in words. */
function writtenAfter(claim: Claim, winner: Claim): string {
  if (winner.write.phase === 3 && claim.write.phase < 3) return 'a page of a GraphQL schema, which the platform writes after every OpenAPI and AsyncAPI page';
  if (winner.write.phase === 2 && claim.write.phase < 2) return 'a channel page of an AsyncAPI spec, which the platform writes after every OpenAPI page';
  if (winner.write.phase > claim.write.phase) return 'generated in bulk, which the platform does after every endpoint entry';
  if (winner.write.phase === 0) return 'an endpoint entry later in the navigation';
  // One element's bulk generation of one spec: its pages share a path only where it adds no suffix (operations.ts suffixClashes).
  if ((winner.write.phase === 1 || winner.write.phase === 2) && winner.write.order === claim.write.order && winner.spec === claim.spec) {
    return 'generated after it from the same spec, where the platform adds no `-1`: it suffixes a path only against the visible pages of the same generated group, and never one whose directory or x-mint.href has capitals';
  }
  if (winner.write.phase === 1 && (winner.write.round?.() ?? 0) > (claim.write.round?.() ?? 0)) {
    return 'generated in bulk below an element that generates pages itself, which the platform does only once that element has ended, after the generations of the elements beside it';
  }
  return 'generated in bulk later in the navigation';
}
