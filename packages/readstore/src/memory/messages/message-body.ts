/** A message's text as sent and as rendered. */
export interface MessageBody {
  content: string;
  rendered_content: string;
}
