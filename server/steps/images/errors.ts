/** Why an image cannot be served, with the status and one-line reason the client gets. */
export class ImageSourceError extends Error {
  override name = "ImageSourceError";

  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
