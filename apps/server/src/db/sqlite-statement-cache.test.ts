import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

describe('withStatementCache', () => {
  const opened: SqliteDatabase.Database[] = [];
  const open = () => {
    const sqlite = new SqliteDatabase(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table t (id integer primary key, v text)');
    return sqlite;
  };
  afterEach(() => {
    for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
  });

  it('hands out the same prepared statement for the same SQL text', () => {
    const db = withStatementCache(open());
    const first = db.prepare('select * from t where id = ?');
    expect(db.prepare('select * from t where id = ?')).toBe(first);
    expect(db.prepare('select * from t where v = ?')).not.toBe(first);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const sqlite = open();
    sqlite.exec("insert into t (v) values ('a'), ('b')");
    const db = withStatementCache(sqlite);
    const statement = db.prepare('select v from t order by id');
    const rows = statement.iterate([]);
    rows.next();
    const other = db.prepare('select v from t order by id');
    expect(other).not.toBe(statement);
    expect(other.all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
    rows.return?.();
  });

  it('forgets the least recently used text beyond its size', () => {
    const db = withStatementCache(open(), 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });
});
