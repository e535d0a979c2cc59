"""The fields of a case (the data of one auto de infração), their labels and types: the
vocabulary the case file, the municipality's settings and the forms share."""

from __future__ import annotations

TEXT, DATETIME, DATE, BOOL, INT, PLATE = "texto", "data e hora", "data", "sim/não", "número", "placa"
DATE_OR_TIME = "data (e hora, se houver)"

FIELDS: dict[str, tuple[str, str]] = {
    "infracao": ("dispositivo da infração (ex.: art55_par13)", TEXT),
    "condutor_autorizado": ("nome do condutor autorizado (permissionário)", TEXT),
    "condutor": ("nome do condutor do veículo", TEXT),
    "documento": ("CPF ou CNH do condutor", TEXT),
    "endereco": ("endereço do notificado", TEXT),
    "placa": ("placa do veículo", PLATE),
    "veiculo": ("marca, modelo e cor do veículo", TEXT),
    "local": ("local da infração", TEXT),
    "data_hora": ("data e horário da infração", DATETIME),
    "descricao": ("descrição da infração cometida", TEXT),
    "agente": ("nome e matrícula do agente autuante", TEXT),
    "autoridade": ("autoridade que impõe a penalidade", TEXT),
    "auto": ("número do auto de infração", TEXT),
    "data_auto": ("data da lavratura do auto de infração", DATE),
    "data_ciencia": ("data (e hora) da ciência do notificado", DATE_OR_TIME),
    "data_ar": ("data do recebimento anotada no aviso de recebimento (AR)", DATE),
    "data_publicacao": ("data da publicação ou afixação do edital", DATE),
    "data_emissao": ("data de emissão do formulário", DATE),
    "data_recurso": ("data do protocolo do recurso", DATE),
    "data_intimacao": ("data do recebimento da intimação da decisão", DATE),
    "meio_entrega": ("meio de entrega da notificação", TEXT),
    "reincidente": ("reincidência (sim/não)", BOOL),
    "em_dobro": ("circunstância que manda aplicar a pena em dobro (sim/não)", BOOL),
    "irregularidade": ("irregularidade constatada", TEXT),
    "prazo_dias": ("prazo para regularizar, em dias", INT),
    "motivo": ("motivo da apreensão ou remoção", TEXT),
    "deposito": ("local do depósito do veículo", TEXT),
    "observacoes": ("observações", TEXT),
    "flagrante": ("autuação em flagrante (sim/não; sem flagrante, o agente relata o fato)", BOOL),
    "recusa_assinatura": ("o autuado recusou-se a assinar (sim/não)", BOOL),
    "testemunha_1": ("1ª testemunha da recusa (nome e documento)", TEXT),
    "testemunha_2": ("2ª testemunha da recusa (nome e documento)", TEXT),
    "numero": ("número pré-impresso do talão (ao lançar um auto lavrado à mão)", TEXT),
}
"""Case field → (label for messages and forms, type)."""

DATE_FIELDS = tuple(k for k, (_, kind) in FIELDS.items() if kind in (DATE, DATETIME, DATE_OR_TIME))
