/** The questions the history tools answer (the audit trail and the organization as of a point in the log). */
export type HistoryQuestion = 'audit_trail' | 'organization' | 'channel_readers' | 'message' | 'user_permissions';

/**
 * An owner asked the history tools a question: recorded before the answer, so the auditors are
 * audited too. Only ids and the parameters asked with are kept.
 */
export interface HistoryQueried {
  type: 'HistoryQueried';
  data: {
    question: HistoryQuestion;
    /** The question's parameters as given (filters, `position`, `at`, the channel, message or user asked about). */
    parameters: Record<string, string | number | boolean | null | (string | number | null)[]>;
  };
}

export type HistoryEvent = HistoryQueried;

declare module './index.js' {
  interface DomainEventKinds {
    HistoryEvent: HistoryEvent;
  }
}
