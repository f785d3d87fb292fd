/** The page threw (the model, the renderer or the bundle itself): a bug in the pipeline, exit 4. */
export class PageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageError';
  }
}

/** The page asked the network for something: a render loads nothing, so it was refused and the render fails, naming it. */
export class RefusedRequestError extends Error {
  constructor(readonly url: string) {
    super(`the page asked for ${url}; a render loads nothing from the network, so it was refused`);
    this.name = 'RefusedRequestError';
  }
}

/** The browser went away mid-film (crashed, was killed): the scene is retried once in a new browser. */
export class BrowserCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserCrashError';
  }
}
