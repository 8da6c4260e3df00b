// Source of OpenKruise's API types at the pinned release commit. The Go module proxy's
// github.com/openkruise/kruise@v1.9.0 is commit 4c2bbcec (a master commit the tag pointed to before it moved),
// not the release tag v1.9.0 = b1e001a9, and their apis differ (the proxy copy has v1beta1 CloneSet and
// InPlaceUpdateStrategy.imagePreDownload*). So the generator extracts go.mod, go.sum and apis/ of the pinned
// commit from git and points the module at it with a `replace`.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Pinned OpenKruise source. */
export interface KruisePin {
  path: string; // module path
  version: string; // release version (documentation)
  commit: string; // full commit hash of the release tag
  repo: string; // git URL to fetch from when no local repository is given
}

function git(args: string[], cwd?: string): string {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

/** Extracts go.mod, go.sum and apis/ of the pinned commit into `dest` and returns it. `gitDir` is an existing
 *  clone (bare or not) holding the commit; without it the commit is fetched from `pin.repo` into `cacheDir`. */
export function kruiseSource(pin: KruisePin, dest: string, cacheDir: string, gitDir?: string): string {
  let repo = gitDir;
  if (!repo) {
    repo = cacheDir;
    if (!existsSync(join(repo, "HEAD")) && !existsSync(join(repo, ".git"))) {
      mkdirSync(repo, { recursive: true });
      git(["init", "--bare", "-q", repo]);
    }
    const have = spawnSync("git", ["cat-file", "-e", `${pin.commit}^{commit}`], { cwd: repo }).status === 0;
    if (!have) git(["fetch", "-q", "--depth", "1", pin.repo, pin.commit], repo);
  }
  const resolved = git(["rev-parse", `${pin.commit}^{commit}`], repo).trim();
  if (resolved !== pin.commit) throw new Error(`OpenKruise commit ${pin.commit} not found in ${repo}`);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const tar = spawnSync("sh", ["-c", `git archive ${pin.commit} go.mod go.sum apis | tar -x -C "${dest}"`],
    { cwd: repo, encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`extracting OpenKruise ${pin.commit}: ${tar.stderr}`);
  return dest;
}
