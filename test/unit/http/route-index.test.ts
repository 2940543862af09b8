import { expect } from 'chai';
import { MalformedPathError, RouteIndex } from '@chat/http';

/** An index whose targets name the route, registered in the order given. */
function indexOf(...routes: string[]): RouteIndex<string> {
  const index = new RouteIndex<string>();
  for (const route of routes) {
    const [method, path] = route.split(' ');
    index.add(method, path, route);
  }
  return index;
}

describe('route index', () => {
  describe('static paths', () => {
    const index = indexOf('GET /users', 'POST /users', 'GET /events');

    it('finds a static path by method, with no parameters', () => {
      expect(index.match('POST', '/users')).to.deep.equal({ kind: 'found', target: 'POST /users', params: {} });
    });

    it('ignores case and one trailing slash, as express does by default', () => {
      expect(index.match('GET', '/EVENTS')).to.deep.include({ target: 'GET /events' });
      expect(index.match('GET', '/users/')).to.deep.include({ target: 'GET /users' });
      expect(index.match('GET', '/users//')).to.deep.equal({ kind: 'unknown-path' });
    });

    it('compares the raw path, so an escaped letter is not that letter', () => {
      expect(index.match('GET', '/%75sers')).to.deep.equal({ kind: 'unknown-path' });
    });
  });

  describe('static against parameterized paths', () => {
    it('prefers the static path, whichever was registered first', () => {
      const index = indexOf('GET /users/:user', 'GET /users/me', 'POST /user_groups/:id', 'POST /user_groups/create');
      expect(index.match('GET', '/users/me')).to.deep.include({ target: 'GET /users/me' });
      expect(index.match('POST', '/user_groups/create')).to.deep.include({ target: 'POST /user_groups/create' });
      expect(index.match('GET', '/users/12')).to.deep.equal({ kind: 'found', target: 'GET /users/:user', params: { user: '12' } });
    });

    it('lets a method the static path lacks fall through to a parameterized route that has it, as express does', () => {
      const index = indexOf('GET /users/me', 'PATCH /users/:user', 'POST /messages/flags', 'GET /messages/:message_id');
      expect(index.match('PATCH', '/users/me')).to.deep.include({ target: 'PATCH /users/:user', params: { user: 'me' } });
      expect(index.match('GET', '/messages/flags')).to.deep.include({ target: 'GET /messages/:message_id' });
    });

    it('tries parameterized paths in registration order', () => {
      const index = indexOf('GET /a/:x/c', 'GET /a/:y/:z', 'GET /a/b/:w');
      expect(index.match('GET', '/a/b/c')).to.deep.include({ target: 'GET /a/:x/c' });
      expect(index.match('GET', '/a/b/d')).to.deep.include({ target: 'GET /a/:y/:z', params: { y: 'b', z: 'd' } });
    });

    it('matches parameters by whole non-empty segments', () => {
      const index = indexOf('GET /users/:user/presence');
      expect(index.match('GET', '/users/5/presence/')).to.deep.include({ params: { user: '5' } });
      expect(index.match('GET', '/Users/Ann/PRESENCE')).to.deep.include({ params: { user: 'Ann' } });
      expect(index.match('GET', '/users//presence')).to.deep.equal({ kind: 'unknown-path' });
      expect(index.match('GET', '/users/5')).to.deep.equal({ kind: 'unknown-path' });
      expect(index.match('GET', '/users/5/presence/x')).to.deep.equal({ kind: 'unknown-path' });
    });
  });

  describe('HEAD', () => {
    const index = indexOf('GET /users/me', 'POST /messages');

    it('is served by the GET route', () => {
      expect(index.match('HEAD', '/users/me')).to.deep.include({ kind: 'found', target: 'GET /users/me' });
    });

    it('is not allowed where the path has no GET', () => {
      expect(index.match('HEAD', '/messages')).to.deep.equal({ kind: 'wrong-method', allowed: ['POST'] });
    });
  });

  describe('a known path with another method', () => {
    const index = indexOf('GET /streams/:id', 'PATCH /streams/:id', 'DELETE /streams/:id', 'GET /streams', 'GET /streams/:id/members');

    it('lists the methods of that path in registration order', () => {
      expect(index.match('POST', '/streams/4')).to.deep.equal({ kind: 'wrong-method', allowed: ['GET', 'PATCH', 'DELETE'] });
      expect(index.match('OPTIONS', '/streams/')).to.deep.equal({ kind: 'wrong-method', allowed: ['GET'] });
      expect(index.match('PUT', '/streams/4/members')).to.deep.equal({ kind: 'wrong-method', allowed: ['GET'] });
    });

    it('lists the static path methods before those of a parameterized path that also matches', () => {
      const shadowed = indexOf('GET /users/:user', 'PATCH /users/:user', 'GET /users/me');
      expect(shadowed.match('DELETE', '/users/me')).to.deep.equal({ kind: 'wrong-method', allowed: ['GET'] });
    });

    it('is unknown when no path matches at all', () => {
      expect(index.match('GET', '/channels')).to.deep.equal({ kind: 'unknown-path' });
    });
  });

  describe('percent-decoding', () => {
    const index = indexOf('GET /users/:user', 'GET /files/:realm/*name');

    it('decodes each parameter once, keeping an escaped slash inside its segment and a plus as is', () => {
      expect(index.match('GET', '/users/a%20b%2Fc+d')).to.deep.include({ params: { user: 'a b/c+d' } });
    });

    it('refuses a malformed escape with the 400 express gives, even for a route of another method', () => {
      expect(() => index.match('GET', '/users/%E0%A4%A')).to.throw(MalformedPathError).with.property('status', 400);
      expect(() => index.match('DELETE', '/users/%zz')).to.throw(MalformedPathError);
      expect(() => index.match('GET', '/files/1/ok/%zz')).to.throw("Failed to decode param '%zz'");
    });
  });

  describe('a final *wildcard', () => {
    const index = indexOf('GET /user_uploads/:realm_id_str/*filename');
    const paramsOf = (path: string): unknown => {
      const found = index.match('GET', path);
      return found.kind === 'found' ? found.params : found.kind;
    };

    it('gives the rest of the path as decoded segments, as express 5 does', () => {
      expect(paramsOf('/user_uploads/2/ab/x%20y.pdf')).to.deep.equal({ realm_id_str: '2', filename: ['ab', 'x y.pdf'] });
      expect(paramsOf('/user_uploads/2/report.pdf')).to.deep.equal({ realm_id_str: '2', filename: ['report.pdf'] });
    });

    it('keeps empty segments, including the one after a trailing slash', () => {
      expect(paramsOf('/user_uploads/2/a/b/')).to.deep.equal({ realm_id_str: '2', filename: ['a', 'b', ''] });
      expect(paramsOf('/user_uploads/2//a')).to.deep.equal({ realm_id_str: '2', filename: ['', 'a'] });
      expect(paramsOf('/user_uploads/2//')).to.deep.equal({ realm_id_str: '2', filename: ['', ''] });
    });

    it('needs at least one character after the prefix', () => {
      expect(paramsOf('/user_uploads/2/')).to.equal('unknown-path');
      expect(paramsOf('/user_uploads/2')).to.equal('unknown-path');
    });
  });

  describe('registration', () => {
    it('refuses a route registered twice', () => {
      expect(() => indexOf('GET /users/:user', 'GET /users/:user')).to.throw('registered twice');
    });

    it('refuses path syntax it does not implement rather than matching it wrongly', () => {
      for (const path of ['/files/:name.:ext', '/a/*rest/b', '/a{/:b}', '/a/b?', 'users']) {
        expect(() => indexOf(`GET ${path}`), path).to.throw();
      }
    });
  });
});
