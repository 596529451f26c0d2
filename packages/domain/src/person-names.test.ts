import { describe, expect, it } from 'vitest';
import { splitFullName } from './person-names.ts';

const split = (name: string) => {
  const { firstName, lastName } = splitFullName(name);
  return [firstName, lastName];
};

describe('a full name split the Brazilian way', () => {
  it('keeps the particles with the family name', () => {
    expect(split('Maria da Conceição Santos')).toEqual(['Maria', 'da Conceição Santos']);
    expect(split('Maria das Dores')).toEqual(['Maria', 'das Dores']);
    expect(split('Antônio dos Santos')).toEqual(['Antônio', 'dos Santos']);
    expect(split('Luiz do Carmo')).toEqual(['Luiz', 'do Carmo']);
  });

  it('takes two given names when the family name starts with a particle after them', () => {
    expect(split('João Pedro de Souza e Silva')).toEqual(['João Pedro', 'de Souza e Silva']);
    expect(split('Ana Paula da Silva')).toEqual(['Ana Paula', 'da Silva']);
    // Further along, a particle belongs inside the family name: the first word is the first name.
    expect(split('Maria Eduarda Santos Oliveira da Silva')).toEqual([
      'Maria',
      'Eduarda Santos Oliveira da Silva',
    ]);
  });

  it('splits after the first word when no particle says otherwise', () => {
    expect(split('Ana Souza')).toEqual(['Ana', 'Souza']);
    expect(split('Carlos Eduardo Lima Prado')).toEqual(['Carlos', 'Eduardo Lima Prado']);
  });

  it('reads particles in any case and keeps the name as written', () => {
    expect(split('MARIA DA CONCEIÇÃO SANTOS')).toEqual(['MARIA', 'DA CONCEIÇÃO SANTOS']);
    expect(split('José DOS Anjos')).toEqual(['José', 'DOS Anjos']);
  });

  it('collapses extra spaces, tabs included', () => {
    expect(split('  Maria   da  Conceição\tSantos ')).toEqual(['Maria', 'da Conceição Santos']);
  });

  it('leaves a single word without a last name, and a particle at either end where it is', () => {
    expect(split('Xuxa')).toEqual(['Xuxa', '']);
    expect(split('   ')).toEqual(['', '']);
    expect(split('Maria da')).toEqual(['Maria', 'da']);
    expect(split('De Souza')).toEqual(['De', 'Souza']);
  });
});
