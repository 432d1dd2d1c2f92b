import etag from 'etag';

/**
 * What a handler answers already serialized (a kept search answer): sent as it is, inside the envelope,
 * instead of being serialized again for every request that repeats it. Its ETag is worked out once too.
 */
export class SerializedJson {
  private tag?: string;

  constructor(readonly json: string) {}

  /** The envelope `{ code, data }` around it. */
  envelope(code: number): string {
    return `{"code":${code},"data":${this.json}}`;
  }

  /** The weak ETag Express would give the 200 envelope, worked out once. */
  get etag200(): string {
    this.tag ??= etag(this.envelope(200), { weak: true });
    return this.tag;
  }
}
