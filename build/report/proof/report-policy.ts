/**
 * proof/index.html's Content-Security-Policy, written as the page's first element after its charset
 * (so nothing a file put into the page comes before it) and held by the load test. The page has no
 * script of its own, so none may run at all; nothing may load but its inline data: images and the
 * films beside it; its own <style> and Plot's are inline (CSS can fetch nothing here: no source is
 * allowed for fonts, images other than data:, or anything else).
 */
export const REPORT_CSP = "default-src 'none'; script-src 'none'; img-src data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The policy as the page's <meta>: nothing in it needs escaping inside a double-quoted attribute. */
export const REPORT_CSP_META = `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`;
