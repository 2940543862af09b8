import { expect } from 'chai';
import { decideOutgoingWebhookCall, type MessageSent, mentionedByName, outgoingWebhookTriggers, pythonBytesRepr, pythonStrRepr, ServiceInterface } from '@chat/core';

const bytes = (text: string) => new TextEncoder().encode(text);
const facts = { interface: ServiceInterface.Generic as number, failedTries: 0, timeoutSeconds: 10, command: 'hi', messageUrl: 'http://x/#narrow/near/1', botFullName: 'Helper' };

describe('outgoing webhooks: triggers', () => {
  const users = new Map([
    [1, { is_active: true, is_bot: false, bot_type: null }],
    [2, { is_active: true, is_bot: true, bot_type: 3 }],
    [3, { is_active: true, is_bot: true, bot_type: 1 }],
    [4, { is_active: false, is_bot: true, bot_type: 3 }],
    [5, { is_active: true, is_bot: true, bot_type: 3 }],
  ]);
  const world = (readable: number[]) => ({ user: (id: number) => users.get(id), canReadChannel: (id: number) => readable.includes(id) });
  const sent = (over: Partial<MessageSent['data']>): MessageSent['data'] => ({
    message_id: 9, sender_id: 1, recipient: { type: 'channel', channel_id: 1, topic: 't' }, content: '', rendered_content: '', is_me_message: false, receivers: [1], read: [1],
    flags: { mentioned: [], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] }, ...over,
  });
  const mention = (id: number, silent = false) => `<span class="user-mention${silent ? ' silent' : ''}" data-user-id="${id}">@x</span>`;

  it('finds names mentioned, not silent mentions or wildcards', () => {
    expect(mentionedByName(`${mention(2)} ${mention(5, true)} <span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> ${mention(2)}`)).to.deep.equal([2]);
  });
  it('a channel mention calls active outgoing-webhook bots that can read the channel', () => {
    const html = [2, 3, 4, 5].map((id) => mention(id)).join(' ');
    expect(outgoingWebhookTriggers(sent({ rendered_content: html }), world([2, 3, 4]))).to.deep.equal([{ bot_id: 2, trigger: 'mention' }]);
  });
  it('a direct message calls every outgoing-webhook bot of the conversation', () => {
    expect(outgoingWebhookTriggers(sent({ recipient: { type: 'direct', user_ids: [1, 2, 3, 5] } }), world([]))).to.deep.equal([{ bot_id: 2, trigger: 'direct_message' }, { bot_id: 5, trigger: 'direct_message' }]);
  });
  it('a bot\'s message calls nobody', () => {
    expect(outgoingWebhookTriggers(sent({ sender_id: 3, recipient: { type: 'direct', user_ids: [2, 3] } }), world([]))).to.deep.equal([]);
  });
});

describe('outgoing webhooks: what an answer means', () => {
  it('content, response_string, response_not_required; the Slack form\'s text', () => {
    expect(decideOutgoingWebhookCall(facts, { kind: 'answered', status: 200, body: bytes('{"content":"yo"}') })).to.deep.equal({ settle: { outcome: 'replied', status: 200 }, reply: 'yo', ownerNotice: null });
    expect(decideOutgoingWebhookCall(facts, { kind: 'answered', status: 200, body: bytes('{"response_string":"old"}') })).to.include({ reply: 'old' });
    expect(decideOutgoingWebhookCall(facts, { kind: 'answered', status: 200, body: bytes('{"content":"x","response_not_required":true}') })).to.include({ reply: null });
    expect(decideOutgoingWebhookCall(facts, { kind: 'answered', status: 204, body: bytes('""') })).to.deep.include({ settle: { outcome: 'no_reply', status: 204 } });
    expect(decideOutgoingWebhookCall({ ...facts, interface: ServiceInterface.Slack }, { kind: 'answered', status: 200, body: bytes('{"text":"slack"}') })).to.include({ reply: 'slack' });
  });
  it('an answer that is not a JSON object is a failure the owner hears of', () => {
    const decided = decideOutgoingWebhookCall(facts, { kind: 'answered', status: 200, body: bytes('not json') });
    expect(decided).to.include({ reply: 'Failure! Invalid JSON in response' });
    expect(decideOutgoingWebhookCall(facts, { kind: 'answered', status: 200, body: bytes('[1]') })).to.include({ reply: 'Failure! Invalid response format' });
  });
  it('no answer is retried three times, then given up with the owner told', () => {
    expect(decideOutgoingWebhookCall({ ...facts, failedTries: 2 }, { kind: 'connection' })).to.deep.equal({ retry: 'connection' });
    const given = decideOutgoingWebhookCall({ ...facts, failedTries: 3 }, { kind: 'connection' });
    expect(given).to.deep.equal({
      settle: { outcome: 'gave_up', status: null },
      reply: 'Failure! Bot is unavailable',
      ownerNotice: '[A message](http://x/#narrow/near/1) to your bot @_**Helper** triggered an outgoing webhook.\nA timeout occurred.',
    });
  });
  it('quotes a body as Python\'s bytes repr', () => {
    expect(pythonBytesRepr(bytes('a\'b\n\\é'))).to.equal('b"a\'b\\n\\\\\\xc3\\xa9"');
    expect(pythonBytesRepr(bytes('plain'))).to.equal("b'plain'");
  });
});

describe('outgoing webhooks: quoting an answer to the owner', () => {
  it('quotes text as Python\'s str repr: non-ASCII kept, controls escaped', () => {
    expect(pythonStrRepr('{"content":"é"}\n')).to.equal('\'{"content":"é"}\\n\'');
    expect(pythonStrRepr("it's")).to.equal('"it\'s"');
  });
});
