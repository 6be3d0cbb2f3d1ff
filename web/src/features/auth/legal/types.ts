/** A legal document shown from the login dialog (用户协议, 隐私政策): a title, dates, a preamble and numbered sections. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** Shown under the title, e.g. 生效日期：2024年9月1日. */
  dates: readonly string[];
  intro: readonly string[];
  sections: readonly LegalSection[];
}
