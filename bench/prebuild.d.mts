export declare const PREBUILD: string;
/** bench/.prebuild, or the folder DOCSNAV_PLATFORM_PACKAGES names (bench/pinned.mjs). */
export declare const folder: string;
export { InstallError } from './pinned.mjs';
/** Installs @mintlify/prebuild into bench/.prebuild unless it is there (throws an InstallError naming the cause when npm cannot); returns the module's URL. */
export declare function ensurePrebuild(): string;
/** One page of the navigation the platform's build made (bench/prebuild.mjs's header). */
export interface PrebuildPage {
  url: string;
  title: string;
  sidebarTitle?: string;
  icon?: unknown;
  tag?: string;
  hidden?: boolean;
  file?: string;
  openapi?: string;
}
/** Runs the package's prebuild on a copy of `siteDir` in a child process; never rejects for what the site or the package does. */
export declare function prebuildSite(
  siteDir: string,
  options?: { timeoutMs?: number; reuse?: boolean },
): Promise<{ ok: boolean; errors: string[]; warnings: string[]; pages: PrebuildPage[]; timing: Record<string, number> }>;
