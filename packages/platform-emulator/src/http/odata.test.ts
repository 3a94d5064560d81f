import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseFilter, queryCollection, type Fields } from './odata.ts';

interface Person {
  name: string;
  age: number;
  admin: boolean;
}
const people: Person[] = [
  { name: "O'Brien", age: 40, admin: true },
  { name: 'Ada', age: 36, admin: true },
  { name: 'Lee', age: 29, admin: false },
];
const fields: Fields<Person> = { name: (p) => p.name, age: (p) => p.age, admin: (p) => p.admin };

describe('given the OData subset of the emulator', () => {
  it('filters with eq and ne comparisons joined by and, with quoted quotes, numbers and booleans', () => {
    expect(
      queryCollection(people, { $filter: "admin eq true and name ne 'Ada'" }, fields).value,
    ).toEqual([people[0]]);
    expect(queryCollection(people, { $filter: "name eq 'O''Brien'" }, fields).value).toEqual([
      people[0],
    ]);
    expect(queryCollection(people, { $filter: 'age eq 29' }, fields).value).toEqual([people[2]]);
  });

  it('orders, then counts before paging, then skips and takes', () => {
    const page = queryCollection(
      people,
      { $orderby: 'admin desc,age', $skip: 1, $top: 1, $count: true },
      fields,
    );
    expect(page).toEqual({ value: [people[0]], '@odata.count': 3 });
  });

  it.each([
    "name eq 'a' or age eq 1",
    'contains(name, 1)',
    "(name eq 'a')",
    "name gt 'a'",
    "name eq 'unterminated",
    "secret eq 'x'",
    "name eq 'a' and",
  ])('refuses the filter %s with a 400 VALIDATION error', (filter) => {
    expect(() => parseFilter(filter, fields)).toThrow(ApiError);
    try {
      parseFilter(filter, fields);
    } catch (error) {
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
  });

  it('refuses an $orderby that names an unknown field or direction', () => {
    expect(() => queryCollection(people, { $orderby: 'password' }, fields)).toThrow(
      /unknown field/,
    );
    expect(() => queryCollection(people, { $orderby: 'name sideways' }, fields)).toThrow(
      /not "field \[asc\|desc\]"/,
    );
  });
});
