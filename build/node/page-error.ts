/** The page threw (the model, the renderer or the bundle itself): a bug in the pipeline, exit 4. */
export class PageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageError';
  }
}

/** The browser went away mid-film (crashed, was killed): the scene is retried once in a new browser. */
export class BrowserCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserCrashError';
  }
}
