import { expect } from 'chai';
import {
  afterPing,
  legacyPresence,
  legacyStatus,
  modernPresence,
  PRESENCE_OFFLINE_THRESHOLD_SECONDS as THRESHOLD,
  visibleStatus,
} from '@chat/realtime';

const JOINED = 1_000;
const NOW = 50_000;

describe('presence rules', function () {
  describe('afterPing', function () {
    it('an active ping moves both times to now', function () {
      expect(afterPing({ activeAt: 100, idleAt: 200 }, 'active', NOW, JOINED)).to.deep.equal({ activeAt: NOW, idleAt: NOW });
    });

    it('an idle ping moves only the newest-ping time', function () {
      expect(afterPing({ activeAt: 100, idleAt: 200 }, 'idle', NOW, JOINED)).to.deep.equal({ activeAt: 100, idleAt: NOW });
    });

    it('a first idle ping counts the user as last active when they joined', function () {
      expect(afterPing(undefined, 'idle', NOW, JOINED)).to.deep.equal({ activeAt: JOINED, idleAt: NOW });
    });

    it('a ping stamped before the stored times (a clock step back) never moves them backwards', function () {
      expect(afterPing({ activeAt: NOW, idleAt: NOW }, 'active', NOW - 10, JOINED)).to.deep.equal({ activeAt: NOW, idleAt: NOW });
    });
  });

  describe('visibleStatus', function () {
    it('is offline without any ping', function () {
      expect(visibleStatus(undefined, NOW)).to.equal('offline');
    });

    it('is active up to the threshold after the last active ping, then idle while idle pings continue', function () {
      const times = { activeAt: NOW, idleAt: NOW + THRESHOLD + 1 };
      expect(visibleStatus(times, NOW + THRESHOLD)).to.equal('active');
      expect(visibleStatus(times, NOW + THRESHOLD + 1)).to.equal('idle');
    });

    it('is offline once the newest ping is older than the threshold', function () {
      const times = { activeAt: NOW - 500, idleAt: NOW };
      expect(visibleStatus(times, NOW + THRESHOLD)).to.equal('idle');
      expect(visibleStatus(times, NOW + THRESHOLD + 1)).to.equal('offline');
    });
  });

  describe('formats', function () {
    it('legacy: active with the active time while it is within the threshold of the newest ping', function () {
      expect(legacyStatus({ activeAt: NOW - THRESHOLD, idleAt: NOW })).to.deep.equal({ status: 'active', timestamp: NOW - THRESHOLD });
    });

    it('legacy: idle with the newest ping time otherwise', function () {
      expect(legacyStatus({ activeAt: NOW - THRESHOLD - 1, idleAt: NOW })).to.deep.equal({ status: 'idle', timestamp: NOW });
    });

    it('legacy entries: one website client, never pushable, and the aggregate without pushable', function () {
      expect(legacyPresence({ activeAt: NOW, idleAt: NOW })).to.deep.equal({
        aggregated: { client: 'website', status: 'active', timestamp: NOW },
        website: { client: 'website', status: 'active', timestamp: NOW, pushable: false },
      });
    });

    it('modern entries carry both times', function () {
      expect(modernPresence({ activeAt: 10, idleAt: 20 })).to.deep.equal({ active_timestamp: 10, idle_timestamp: 20 });
    });
  });
});
