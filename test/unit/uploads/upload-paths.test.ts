import { expect } from 'chai';
import { isUploadPathId, safeFileName, uploadPathId, uploadPathsIn } from '@chat/core';

const PATH = '1/ab/abcdefghijklmnopqrstuvwx/report.pdf';

describe('upload paths', () => {
  it('keeps a plain file name and makes anything else URL-safe', () => {
    expect(safeFileName('report.pdf')).to.equal('report.pdf');
    expect(safeFileName('my summer (2025).jpg')).to.equal('my_summer_2025_.jpg');
    expect(safeFileName('C:\\Users\\me\\notes.txt')).to.equal('notes.txt');
    expect(safeFileName('../../etc/passwd')).to.equal('passwd');
    expect(safeFileName('...')).to.equal('uploaded-file');
    expect(safeFileName('')).to.equal('uploaded-file');
    expect(safeFileName('café.txt')).to.equal('cafe.txt');
  });

  it('cuts a long name to 100 characters keeping its extension', () => {
    const name = safeFileName(`${'x'.repeat(300)}.tar.gz`);
    expect(name).to.have.length(100);
    expect(name.endsWith('.gz')).to.equal(true);
  });

  it('builds path ids of the public shape and recognises only those', () => {
    expect(uploadPathId('ab', 'abcdefghijklmnopqrstuvwx', 'report.pdf')).to.equal(PATH);
    expect(isUploadPathId(PATH)).to.equal(true);
    for (const bad of ['1/ab/short/report.pdf', '1/AB/abcdefghijklmnopqrstuvwx/a', '1/ab/abcdefghijklmnopqrstuvwx/..', 'x/ab/abcdefghijklmnopqrstuvwx/a', `${PATH}/more`]) {
      expect(isUploadPathId(bad), bad).to.equal(false);
    }
  });

  it('finds upload links in rendered HTML, relative or rooted, once each', () => {
    const html = `<p><a href="/user_uploads/${PATH}" target="_blank">a</a> <a href="user_uploads/${PATH}">again</a> <a href="user_uploads/1/cd/zyxwvutsrqponmlkjihgfedc/b.txt">b</a></p>`;
    expect(uploadPathsIn(html)).to.deep.equal([PATH, '1/cd/zyxwvutsrqponmlkjihgfedc/b.txt']);
  });

  it('ignores upload paths that are not links, and links to anything else', () => {
    const html = `<p><code>/user_uploads/${PATH}</code> <a href="https://elsewhere.example/user_uploads/${PATH}">x</a> <a href="/user_uploads/temporary/abc">t</a></p>`;
    expect(uploadPathsIn(html)).to.deep.equal([]);
  });
});
