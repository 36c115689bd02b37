import { GenericContainer, Wait } from "testcontainers";

export const APP_PORT = 3000;

/** The app image, started as `docker run --read-only` would: no writable path at all. */
export class AppContainer extends GenericContainer {
  constructor(image: string) {
    super(image);
    this.withExposedPorts(APP_PORT)
      .withWaitStrategy(Wait.forHttp("/readyz", APP_PORT).forStatusCode(200))
      .withStartupTimeout(30_000);
  }

  withReadOnlyRootFilesystem(): this {
    this.hostConfig.ReadonlyRootfs = true;
    return this;
  }

  /** `docker run --memory=<bytes> --memory-swap=<bytes>`: that much, and no swap to fall back on. */
  withMemoryLimit(bytes: number): this {
    this.hostConfig.Memory = bytes;
    this.hostConfig.MemorySwap = bytes;
    return this;
  }
}
