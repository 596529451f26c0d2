// Brazilian names for the customer-search seed (bench/seed-customers.mjs), roughly in order of how common they
// are: the generator draws earlier names more often (a Zipf-like weight), so "Silva", "Maria" or "João" are
// everywhere and the tail is rare, as in a real customer base. Accents as people write them.

/** A comma-separated list written as text, so the formatter keeps it compact. */
const list = (text) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

export const femaleFirstNames = list(`
  Maria, Ana, Francisca, Antônia, Adriana, Juliana, Márcia, Fernanda, Patrícia, Aline, Sandra,
  Camila, Amanda, Bruna, Jéssica, Letícia, Júlia, Luciana, Vanessa, Mariana, Gabriela, Vera, Vitória,
  Larissa, Cláudia, Beatriz, Rita, Luana, Sônia, Renata, Eliane, Josefa, Simone, Natália, Cristiane,
  Carla, Débora, Rosângela, Jaqueline, Rosa, Daniela, Aparecida, Marlene, Terezinha, Raimunda,
  Andreia, Fabiana, Lúcia, Raquel, Ângela, Rafaela, Joana, Luzia, Elaine, Daniele, Regina, Daiane,
  Isabela, Sueli, Alessandra, Conceição, Tatiane, Priscila, Carolina, Helena, Valéria, Cíntia,
  Michele, Lívia, Manuela, Sofia, Alice, Laura, Valentina, Heloísa, Lorena, Cecília, Eduarda, Yasmin,
  Lara, Giovanna, Clara, Isadora, Mirela, Lavínia, Rebeca, Esther, Emanuelly, Nicole, Bianca,
  Catarina, Elisa, Melissa, Stella, Pietra, Antonella, Agatha, Olívia, Marina, Evelyn, Kamila, Thaís,
  Tânia, Solange, Neide, Irene, Glória, Célia, Zilda, Iracema, Iolanda, Lúcia Helena, Ana Paula,
  Ana Clara, Maria Eduarda, Maria Clara, Ana Beatriz, Maria Luíza, Maria Fernanda, Ana Luíza,
  Maria das Graças, Maria da Conceição, Maria de Fátima, Fátima, Graça, Socorro, Benedita, Edna,
  Edite, Eunice, Gisele, Hortência, Inês, Jussara, Lígia, Madalena, Nádia, Odete, Quitéria, Rosário,
  Silvana, Sílvia, Úrsula, Vânia, Zuleica, Aurora, Bárbara, Denise, Flávia, Glenda, Ivone, Jandira,
  Leonor
`);

export const maleFirstNames = list(`
  José, João, Antônio, Francisco, Carlos, Paulo, Pedro, Lucas, Luiz, Marcos, Luís, Gabriel, Rafael,
  Daniel, Marcelo, Bruno, Eduardo, Felipe, Raimundo, Rodrigo, Manoel, Mateus, André, Fernando, Fábio,
  Leonardo, Gustavo, Guilherme, Leandro, Tiago, Anderson, Ricardo, Márcio, Jorge, Sebastião,
  Alexandre, Roberto, Edson, Diego, Vítor, Sérgio, Cláudio, Matheus, Thiago, Geraldo, Adriano,
  Luciano, Júlio, Renato, Alex, Vinícius, Rogério, Samuel, Ronaldo, Mário, Flávio, Douglas, Igor,
  Davi, Manuel, Jefferson, Cícero, Otávio, Arthur, Heitor, Bernardo, Théo, Lorenzo, Miguel, Enzo,
  Benício, Joaquim, Nicolas, Henrique, Murilo, Caio, Lucca, Isaac, Benjamin, Emanuel, Raul, Vicente,
  Augusto, Bento, Estêvão, Inácio, Jônatas, Moisés, Natanael, Otávio Augusto, João Pedro, João Paulo,
  João Vitor, João Gabriel, João Miguel, José Carlos, José Antônio, Luiz Fernando, Luiz Carlos,
  Carlos Eduardo, Paulo Henrique, Pedro Henrique, Antônio Carlos, Wellington, Wagner, Valdir, Walter,
  Wilson, Osvaldo, Nélson, Nilton, Milton, Mauro, Hélio, Gilberto, Gilson, Evandro, Elias, Edivaldo,
  Domingos, Davi Lucca, Cristiano, César, Benedito, Arnaldo, Amaury, Alípio, Aílton, Ademir, Abílio,
  Zé Maria, Uilian, Túlio, Severino, Reinaldo, Quirino, Péricles, Olavo, Norberto, Lázaro, Jânio,
  Ítalo, Hugo
`);

export const lastNames = list(`
  Silva, Santos, Oliveira, Souza, Rodrigues, Ferreira, Alves, Pereira, Lima, Gomes, Costa, Ribeiro, Conceição,
  Martins, Carvalho, Almeida, Lopes, Soares, Fernandes, Vieira, Barbosa, Rocha, Dias, Nascimento,
  Andrade, Moreira, Nunes, Marques, Machado, Mendes, Freitas, Cardoso, Ramos, Gonçalves, Santana,
  Teixeira, Araújo, Jesus, Moura, Cavalcanti, Monteiro, Correia, Batista, Pinto, Reis,
  Castro, Borges, Miranda, Azevedo, Pires, Campos, Fonseca, Brito, Cruz, Macedo, Aguiar, Bezerra,
  Farias, Medeiros, Sales, Rezende, Tavares, Nogueira, Guimarães, Magalhães, Assunção, Leão, Simões,
  Figueiredo, Brandão, Falcão, Peixoto, Queiroz, Siqueira, Sampaio, Xavier, Vasconcelos, Damasceno,
  Toledo, Prado, Paiva, Coelho, Bastos, Viana, Pacheco, Lacerda, Cunha, Barros, Diniz, Rangel, Mota,
  Matos, Lins, Leite, Galvão, Faria, Esteves, Duarte, Cordeiro, Cabral, Amaral, Abreu, Antunes,
  Aragão, Arruda, Bandeira, Barreto, Bittencourt, Bonfim, Cortês, Couto, Dantas, Delgado, Espíndola,
  Estrela, Feitosa, Fontes, Frota, Garcia, Godói, Holanda, Jardim, Lobo, Lustosa, Maia, Malta,
  Meireles, Mello, Montenegro, Morais, Neves, Novaes, Pádua, Paixão, Porto, Quintela, Rios, Sá,
  Salgado, Serpa, Tâmara, Torres, Uchôa, Valadares, Valente, Veloso, Vidal, Vilela, Zanetti,
  Bragança, Calixto, Câmara, Coutinho, Evangelista, Fagundes, Garrido, Gusmão, Ipiranga, Junqueira,
  Lemos, Loureiro, Magno, Mourão, Negreiros, Oliva, Paranhos, Quaresma, Rebouças, Sardinha, Tenório,
  Trindade, Umbelino, Varela, Wanderley, Ximenes, Zacarias, Albuquerque, Bueno, Caldeira, Domingues,
  Fontoura, Gouveia, Honorato, Jordão, Lessa, Menezes, Nóbrega, Ornelas, Pimentel, Quevedo, Resende,
  Sobral, Teles, Vasques, Aquino, Belém, Cândido, Dourado, Estevão, Frazão, Guerra, Hipólito,
  Inocêncio, Jacinto, Laranjeira, Mascarenhas, Nepomuceno, Orlando, Patrício, Romão, Sousa, Tomé,
  Valença, Araújo Neto, Filho, Júnior, Neto, Sobrinho, Brasil, Portugal, França, Goiás, Bahia,
  Paraná, Lisboa, Coimbra
`);

/** Between the last names: "Maria da Silva", "João dos Santos". */
export const particles = {
  Silva: 'da',
  Santos: 'dos',
  Conceição: 'da',
  Jesus: 'de',
  Cruz: 'da',
  Costa: 'da',
};

export const cities = [
  ['São Paulo', 'SP', '11'],
  ['Rio de Janeiro', 'RJ', '21'],
  ['Belo Horizonte', 'MG', '31'],
  ['Brasília', 'DF', '61'],
  ['Salvador', 'BA', '71'],
  ['Fortaleza', 'CE', '85'],
  ['Curitiba', 'PR', '41'],
  ['Recife', 'PE', '81'],
  ['Porto Alegre', 'RS', '51'],
  ['Goiânia', 'GO', '62'],
  ['Belém', 'PA', '91'],
  ['Manaus', 'AM', '92'],
  ['Florianópolis', 'SC', '48'],
  ['Vitória', 'ES', '27'],
  ['Natal', 'RN', '84'],
  ['João Pessoa', 'PB', '83'],
  ['Maceió', 'AL', '82'],
  ['São Luís', 'MA', '98'],
  ['Teresina', 'PI', '86'],
  ['Campinas', 'SP', '19'],
  ['Santos', 'SP', '13'],
  ['Niterói', 'RJ', '21'],
  ['Uberlândia', 'MG', '34'],
  ['Ribeirão Preto', 'SP', '16'],
  ['Londrina', 'PR', '43'],
  ['Joinville', 'SC', '47'],
  ['Cuiabá', 'MT', '65'],
];

export const streets = [
  'Rua das Flores',
  'Avenida Paulista',
  'Rua Augusta',
  'Rua XV de Novembro',
  'Avenida Brasil',
  'Rua Sete de Setembro',
  'Rua da Consolação',
  'Avenida Getúlio Vargas',
  'Rua Tiradentes',
  'Rua São João',
  'Avenida Atlântica',
  'Rua Dom Pedro II',
  'Rua Marechal Deodoro',
  'Avenida Beira-Mar',
  'Rua Barão do Rio Branco',
];

export const neighborhoods = [
  'Centro',
  'Jardim América',
  'Vila Mariana',
  'Copacabana',
  'Boa Viagem',
  'Savassi',
  'Moinhos de Vento',
  'Batel',
  'Meireles',
  'Pinheiros',
  'Tijuca',
  'Barra',
  'Asa Sul',
  'Ponta Verde',
  'Jardins',
];

export const professions = [
  'Professora',
  'Engenheiro',
  'Advogada',
  'Médico',
  'Enfermeira',
  'Aposentada',
  'Estudante',
  'Arquiteta',
  'Contador',
  'Dentista',
  'Psicóloga',
  'Fisioterapeuta',
  'Empresário',
  'Designer',
  'Analista de sistemas',
];

export const emailDomains = [
  'gmail.com',
  'hotmail.com',
  'yahoo.com.br',
  'outlook.com',
  'uol.com.br',
  'bol.com.br',
];
