/**
 * Types of the part of the `mjml` package (v5, which ships no declarations) that the outbox mails
 * use: `mjml2html(source, options)` resolves to the HTML and the validation errors.
 */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage?: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    keepComments?: boolean;
  }
  export default function mjml2html(
    source: string,
    options?: MjmlOptions,
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
