declare module 'commonmark-spec' {
  /** One example of the CommonMark spec: its markdown (tabs shown as →) and reference HTML. */
  export interface SpecExample {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  export const tests: SpecExample[];
  export const text: string;
}
