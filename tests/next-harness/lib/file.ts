import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** A file a test reads, changes and restores (next-test-utils' `File`). */
export class File {
  private readonly original: string | null;
  readonly path: string;

  constructor(path: string) {
    this.path = path;
    this.original = existsSync(path) ? readFileSync(path, "utf8") : null;
  }

  write(content: string): void {
    writeFileSync(this.path, content);
  }

  replace(pattern: string | RegExp, replacement: string): void {
    const current = readFileSync(this.path, "utf8");
    this.write(current.replace(pattern, replacement));
  }

  restore(): void {
    if (this.original !== null) this.write(this.original);
  }
}
