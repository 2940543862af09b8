/** An administrator configured a code playground for a language. */
export interface CodePlaygroundAdded {
  type: 'CodePlaygroundAdded';
  data: { playground_id: number; name: string; pygments_language: string; url_template: string };
}

export interface CodePlaygroundRemoved {
  type: 'CodePlaygroundRemoved';
  data: { playground_id: number };
}

export type CodePlaygroundEvent = CodePlaygroundAdded | CodePlaygroundRemoved;

declare module './index.js' {
  interface DomainEventKinds {
    CodePlaygroundEvent: CodePlaygroundEvent;
  }
}
